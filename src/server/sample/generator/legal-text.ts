import type { Rng } from './prng.ts';

/** Realistic legal wording: parties, dates, document descriptions and body paragraphs. */

const FIRST = ['Margaret', 'David', 'Priya', 'Jean-Luc', 'Sarah', 'Michael', 'Aisha', 'Robert', 'Linda', 'Chen',
  'Thomas', 'Fatima', 'Gordon', 'Elena', 'Patrick', 'Nadia', 'William', 'Grace', 'Omar', 'Heather'];
const LAST = ['Thompson', 'MacDonald', 'Singh', 'Tremblay', 'Okafor', 'Kowalski', 'Nguyen', 'Fraser', 'Bélanger',
  'Campbell', 'Rahman', 'Morrison', 'Lindqvist', 'Petrov', 'Ferreira', 'Sutherland', 'Haddad', 'Wong', 'Doyle', 'Mercer'];
const JUSTICES = ['Perell', 'Morgan', 'Sossin', 'Brown', 'Hourigan', 'Lauwers', 'Feldman', 'Penny', 'Conway', 'Koehnen'];
const COMPANIES = ['Northgate Developments Inc.', 'Lakeshore Capital Partners Ltd.', 'Maple Ridge Logistics Corp.',
  'Harbourfront Holdings Inc.', 'Cedarbrook Construction Ltd.', 'Bayview Medical Supplies Inc.',
  'Granite Peak Mining Corporation', 'Riverside Insurance Company of Canada'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October',
  'November', 'December'];

export interface LegalDate { year: number; month: number; day: number }

export function person(rng: Rng): string {
  return `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
}

export function company(rng: Rng): string {
  return rng.pick(COMPANIES);
}

export function justice(rng: Rng): string {
  return rng.pick(JUSTICES);
}

export function randomDate(rng: Rng): LegalDate {
  return { year: rng.int(2017, 2023), month: rng.int(1, 12), day: rng.int(1, 28) };
}

export function longDate(d: LegalDate): string {
  return `${MONTHS[d.month - 1]} ${d.day}, ${d.year}`;
}

/** Column-style dates as they appear in Ontario indexes: 'May 3, 2021', '03-May-21' or '2021-05-03'. */
export function columnDate(d: LegalDate, form: number): string {
  const mon = (MONTHS[d.month - 1] ?? '').slice(0, 3);
  if (form === 1) return `${String(d.day).padStart(2, '0')}-${mon}-${String(d.year).slice(2)}`;
  if (form === 2) return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
  return longDate(d);
}

function ordinalDay(n: number): string {
  const s = n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th';
  return `${n}${s}`;
}

export type BodyKind = 'affidavit' | 'transcript' | 'order' | 'letter' | 'pleading' | 'factum' | 'report' | 'contract';

export interface DocumentSpec {
  /** Description as it appears in the index, date excluded when the index has a date column. */
  description: string;
  /** Description with the date folded in, for indexes with no date column. */
  descriptionWithDate: string;
  /** Heading printed at the top of the document's first page. */
  heading: string;
  date: LegalDate;
  kind: BodyKind;
  deponent: string;
}

/** One random document of a court file, with a matching index description and first-page heading. */
export function legalDocument(rng: Rng): DocumentSpec {
  const who = person(rng);
  const date = randomDate(rng);
  const when = longDate(date);
  const j = justice(rng);
  const co = company(rng);
  const other = person(rng);
  const choices: Array<() => Omit<DocumentSpec, 'date' | 'deponent'>> = [
    () => ({ description: `Affidavit of ${who}`, descriptionWithDate: `Affidavit of ${who}, sworn ${when}`,
      heading: `AFFIDAVIT OF ${who.toUpperCase()}`, kind: 'affidavit' }),
    () => ({ description: `Supplementary Affidavit of ${who}, with exhibits`,
      descriptionWithDate: `Supplementary Affidavit of ${who}, sworn ${when}, with exhibits`,
      heading: `SUPPLEMENTARY AFFIDAVIT OF ${who.toUpperCase()}`, kind: 'affidavit' }),
    () => ({ description: `Transcript of the Cross-Examination of ${who} on the Affidavit sworn in support of the motion`,
      descriptionWithDate: `Transcript of the Cross-Examination of ${who}, held ${when}`,
      heading: `CROSS-EXAMINATION OF ${who.toUpperCase()}`, kind: 'transcript' }),
    () => ({ description: `Excerpts from the Examination for Discovery of ${who}, representative of ${co}`,
      descriptionWithDate: `Excerpts from the Examination for Discovery of ${who}, held ${when}`,
      heading: `EXAMINATION FOR DISCOVERY OF ${who.toUpperCase()}`, kind: 'transcript' }),
    () => ({ description: `Order of Justice ${j}`, descriptionWithDate: `Order of Justice ${j} dated ${when}`,
      heading: 'ORDER', kind: 'order' }),
    () => ({ description: `Reasons for Judgment of Justice ${j}`,
      descriptionWithDate: `Reasons for Judgment of Justice ${j} dated ${when}`,
      heading: 'REASONS FOR JUDGMENT', kind: 'order' }),
    () => ({ description: `Endorsement of Justice ${j} on the motion for summary judgment`,
      descriptionWithDate: `Endorsement of Justice ${j} dated ${when}`, heading: 'ENDORSEMENT', kind: 'order' }),
    () => ({ description: 'Notice of Motion', descriptionWithDate: `Notice of Motion dated ${when}`,
      heading: 'NOTICE OF MOTION', kind: 'pleading' }),
    () => ({ description: 'Notice of Appeal', descriptionWithDate: `Notice of Appeal dated ${when}`,
      heading: 'NOTICE OF APPEAL', kind: 'pleading' }),
    () => ({ description: 'Statement of Claim', descriptionWithDate: `Statement of Claim issued ${when}`,
      heading: 'STATEMENT OF CLAIM', kind: 'pleading' }),
    () => ({ description: `Statement of Defence and Counterclaim of ${co}`,
      descriptionWithDate: `Statement of Defence and Counterclaim of ${co} dated ${when}`,
      heading: 'STATEMENT OF DEFENCE AND COUNTERCLAIM', kind: 'pleading' }),
    () => ({ description: `Letter from ${who} to counsel for ${co} regarding the outstanding undertakings`,
      descriptionWithDate: `Letter from ${who} to counsel for ${co} dated ${when}`,
      heading: `${co.toUpperCase()}`, kind: 'letter' }),
    () => ({ description: `Email exchange between ${who} and ${other}`,
      descriptionWithDate: `Email exchange between ${who} and ${other} on ${when}`,
      heading: 'EMAIL CORRESPONDENCE', kind: 'letter' }),
    () => ({ description: `Expert Report of Dr. ${who} on the valuation of ${co}`,
      descriptionWithDate: `Expert Report of Dr. ${who} dated ${when}`,
      heading: `EXPERT REPORT OF DR. ${who.toUpperCase()}`, kind: 'report' }),
    () => ({ description: `Agreement of Purchase and Sale between ${co} and ${who}`,
      descriptionWithDate: `Agreement of Purchase and Sale between ${co} and ${who} dated ${when}`,
      heading: 'AGREEMENT OF PURCHASE AND SALE', kind: 'contract' }),
    () => ({ description: 'Factum of the Respondent on the motion',
      descriptionWithDate: `Factum of the Respondent dated ${when}`, heading: 'FACTUM OF THE RESPONDENT', kind: 'factum' }),
  ];
  const spec = rng.pick(choices)();
  return { ...spec, date, deponent: who };
}

const SENTENCES = [
  'The plaintiff commenced this action by statement of claim seeking damages for breach of contract and unjust enrichment.',
  'The parties entered into the agreement following several months of negotiation between their respective counsel.',
  'At no time did the defendant advise the plaintiff that the shipment would be delayed beyond the agreed closing date.',
  'The motion judge found that there was no genuine issue requiring a trial with respect to the limitation period.',
  'In my view, the evidence before the court does not support the inference that the respondent acted in bad faith.',
  'The appellant submits that the motion judge erred in law in her interpretation of the exclusion clause.',
  'I have reviewed the documents produced by the defendant and I do not believe that the production is complete.',
  'The invoices were issued monthly and were paid without objection until the dispute arose in the spring.',
  'Counsel for the respondent undertook to produce the board minutes, but those minutes have not been produced.',
  'The standard of review on a question of mixed fact and law is palpable and overriding error.',
  'It is common ground that the notice required by section 12 of the agreement was never delivered.',
  'The corporation continued to carry on business from the premises until the lease was terminated.',
  'Costs of the motion are reserved to the judge hearing the application on its merits.',
  'The witness was unable to recall whether the meeting took place before or after the board approved the budget.',
  'Having regard to all of the circumstances, the delay was neither inordinate nor inexcusable.',
  'The terms of the settlement were reduced to writing and signed by both parties on the same day.',
  'The insurer denied coverage on the basis that the loss fell within the faulty workmanship exclusion.',
  'The court must consider whether the proposed amendment would cause prejudice that cannot be compensated in costs.',
  'Payment was to be made within thirty days of the delivery of each certified progress draw.',
  'The respondent relies on the evidence of its chief financial officer as to the state of the accounts.',
  'The deficiencies list was delivered two weeks after the architect issued the certificate of substantial performance.',
  'No holdback was retained from the final progress payment, contrary to the requirements of the Construction Act.',
  'The appellant did not raise this argument before the motion judge and should not be permitted to raise it now.',
  'On cross-examination, the deponent conceded that she had not reviewed the general ledger before swearing her affidavit.',
  'The limitation period began to run when the plaintiff knew, or ought to have known, that the loss had occurred.',
  'Section 4 of the shareholders agreement gives each shareholder a right of first refusal on any proposed transfer.',
  'The trial judge made no finding as to whether the representation was made negligently or fraudulently.',
  'Interest accrues at the rate set out in the invoices from the date each invoice became due until payment.',
  'The respondent took no steps to mitigate its damages after the contract was terminated in the autumn.',
  'The email of that morning makes clear that both parties understood the price to be subject to adjustment.',
  'There is no evidence that the board was informed of the guarantee before it was signed by the president.',
  'The costs award below was within the discretion of the motion judge and is entitled to deference.',
  'The expert did not visit the site and relied entirely on photographs supplied by counsel for the defendant.',
  'By the time the notice of default was served, the lender had already appointed a receiver over the property.',
  'The purchaser paid a deposit of fifty thousand dollars, which was held in trust by the vendor solicitor.',
];

const QUESTIONS = [
  'And you were the person responsible for approving those invoices?', 'When did you first learn of the defect?',
  'Did you keep any notes of that meeting?', 'Who else was present at the site that morning?',
  'Can you turn to the document at page four of the brief?', 'Is that your signature at the bottom of the page?',
  'What did you understand the term "substantial completion" to mean?', 'Did anyone object to the revised schedule?',
];
const ANSWERS = ['Yes, that is correct.', 'I do not recall.', 'It would have been sometime in March.',
  'I believe the project manager was there as well.', 'No, not that I am aware of.', 'That is my signature.',
  'I would have to check my records.', 'We discussed it at the weekly site meeting.'];

export interface BodyLine { text: string; indent?: number; bold?: boolean }

/** An endless supply of body lines for a document of the given kind; the caller wraps long lines. */
export function bodyLines(rng: Rng, kind: BodyKind, deponent: string): () => BodyLine {
  let para = 0;
  let qa = rng.int(1, 300);
  let turn = 0;
  return () => {
    if (kind === 'transcript') {
      turn++;
      if (turn % 2 === 1) { qa++; return { text: `${qa}.  Q.  ${rng.pick(QUESTIONS)}` }; }
      return { text: `      A.  ${rng.pick(ANSWERS)}` };
    }
    para++;
    const text = rng.shuffle(SENTENCES).slice(0, rng.int(2, 4)).join(' ');
    if (kind === 'affidavit') {
      if (para === 1) return { text: `1.  I, ${deponent}, of the City of Toronto, MAKE OATH AND SAY: I have personal knowledge of the matters to which I depose below. ${text}` };
      return { text: `${para}.  ${text}` };
    }
    if (kind === 'factum' || kind === 'pleading') return { text: `${para}.  ${text}` };
    return { text };
  };
}

/** The commissioner's wording on an exhibit cover page. */
export function commissionerLines(letter: string, deponent: string, d: LegalDate): string[] {
  return [
    `This is Exhibit "${letter}" referred to in the`,
    `Affidavit of ${deponent}`,
    `sworn before me this ${ordinalDay(d.day)} day of ${MONTHS[d.month - 1]}, ${d.year}`,
  ];
}

export function toRoman(n: number): string {
  const table: Array<[number, string]> = [[1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'],
    [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I']];
  let out = '';
  for (const [v, s] of table) while (n >= v) { out += s; n -= v; }
  return out;
}

export function toLetter(n: number): string {
  let out = '';
  while (n > 0) { const r = (n - 1) % 26; out = String.fromCharCode(65 + r) + out; n = Math.floor((n - 1) / 26); }
  return out;
}

/** n documents whose index descriptions all differ (a real index rarely repeats a row word for word). */
export function distinctDocuments(rng: Rng, n: number): DocumentSpec[] {
  const out: DocumentSpec[] = [];
  const seen = new Set<string>();
  while (out.length < n) {
    let d = legalDocument(rng);
    for (let tries = 0; tries < 20 && (seen.has(d.description) || seen.has(d.descriptionWithDate)); tries++) d = legalDocument(rng);
    seen.add(d.description);
    seen.add(d.descriptionWithDate);
    out.push(d);
  }
  return out;
}
