/**
 * How briefs name the documents of a record, as data: each family a pattern for the name as lawyers write
 * it and the key it reduces to, so that `J.A.`, `JA` and `Joint Appendix` are one document, and a record
 * uploaded as `Smith Affidavit` is the one `Affidavit of Jane Smith sworn May 1, 2020` cites.
 *
 * `form` says what must follow the name for it to be a reference:
 * - `pages`: page numbers, bare or after `p.`/`at` (`JA 45`, `ER 12-15`, `CP 311-12`, `Pet. App. 3a`);
 * - `locator`: any locator (`, Tab 5`, `, para. 14`, `at 12:3`, `, Exhibit "C"`, a page);
 * - `docket`: a docket number, then optionally `at` and a page (`Dkt. 45 at 3`, `ECF No. 12-3`);
 * - `exhibit`: an exhibit's label (`Ex. C`, `Exhibit 12`, `Exs. 4-6`);
 * - `paragraph`: a paragraph mark (`Compl. ¶ 12`, `SAC ¶¶ 3-5`);
 * - `facts`: numbered facts, bare or after a paragraph mark (`SUF 41`, `Def's UF 2-4`, `SSUF ¶ 7`).
 * `weak` names also mean other things (`R.` a rule, `A` a letter): they count only where a record of the
 * case bears that name, or where the brief uses them with pages again and again.
 */
export type DesignatorForm = 'pages' | 'locator' | 'docket' | 'exhibit' | 'paragraph' | 'facts';

export interface Designator {
  /** A regular expression source for the name, matched at a word start. */
  re: string;
  key: string;
  form: DesignatorForm;
  kind: 'record' | 'brief';
  weak?: true;
}

const S = '\\s*';
const MONTHS = '(?:Jan|Feb|Mar|Apr|May|June?|July?|Aug|Sept?|Oct|Nov|Dec)[a-z]*\\.?';
/** A hearing's date before its transcript's name: `Nov. 9, 2018`, `10/23/17`. */
const DATED = `(?:${MONTHS}\\s+\\d{1,2},?\\s+\\d{4}|\\d{1,2}/\\d{1,2}/\\d{2,4})\\s+`;

/** The record families, most specific first (`Pet. App.` before `App.`, `SER` before `ER`). */
export const RECORD_DESIGNATORS: Designator[] = [
  // Canada and the Commonwealth: books of documents filed with a factum
  { re: `Appeal${S}Book|A\\.${S}B\\.|AB`, key: 'AB', form: 'locator', kind: 'record' },
  { re: `(?:Responding${S})?Motion${S}Record|M\\.${S}R\\.|MR`, key: 'MR', form: 'locator', kind: 'record' },
  { re: `Application${S}Record|App(?:lication)?\\.?${S}Rec\\.`, key: 'AR', form: 'locator', kind: 'record' },
  { re: `Responding${S}Record|RR`, key: 'RR', form: 'locator', kind: 'record' },
  { re: `(?:Reply${S}|Supplementary${S})?Compendium`, key: 'COMPENDIUM', form: 'locator', kind: 'record' },
  { re: `Exhibit${S}Book`, key: 'EXHIBITBOOK', form: 'locator', kind: 'record' },
  { re: `Transcript${S}Brief`, key: 'TRANSCRIPTBRIEF', form: 'locator', kind: 'record' },
  // US appellate records
  { re: `(?:C\\.${S}A\\.${S})?E\\.${S}R\\.|ER`, key: 'ER', form: 'pages', kind: 'record' },
  { re: `S\\.${S}E\\.${S}R\\.|SER`, key: 'SER', form: 'pages', kind: 'record' },
  { re: `F\\.${S}E\\.${S}R\\.|FER`, key: 'FER', form: 'pages', kind: 'record' },
  { re: `Excerpts?${S}of${S}Record`, key: 'ER', form: 'pages', kind: 'record' },
  { re: `J\\.${S}A\\.|JA|Joint${S}Appendix`, key: 'JA', form: 'pages', kind: 'record' },
  { re: `Pet(?:ition)?\\.?${S}App(?:endix|\\.|x)?`, key: 'PETAPP', form: 'pages', kind: 'record' },
  { re: `Supp(?:lemental|\\.)?${S}App(?:endix|\\.)|S\\.${S}A\\.|SA|SPA`, key: 'SA', form: 'pages', kind: 'record' },
  { re: `App(?:endix|\\.)`, key: 'APP', form: 'pages', kind: 'record' },
  { re: `Add(?:endum|\\.)`, key: 'ADD', form: 'pages', kind: 'record' },
  { re: `Appx`, key: 'APPX', form: 'pages', kind: 'record' },
  { re: `R\\.${S}O\\.${S}A\\.|ROA\\.?`, key: 'ROA', form: 'pages', kind: 'record' },
  { re: `C\\.${S}T\\.|CT|CCT`, key: 'CT', form: 'pages', kind: 'record' },
  { re: `R\\.${S}T\\.|RT`, key: 'RT', form: 'pages', kind: 'record' },
  { re: `(?:${DATED})?(?:V?R\\.${S}P\\.|V?RP)`, key: 'RP', form: 'pages', kind: 'record' },
  { re: `Op(?:inion|\\.)(?=\\s+at\\s+\\d)`, key: 'OP', form: 'pages', kind: 'record' },
  { re: `C\\.${S}P\\.|CP`, key: 'CP', form: 'pages', kind: 'record' },
  { re: `A\\.${S}A\\.|AA`, key: 'AA', form: 'pages', kind: 'record', weak: true },
  { re: `R\\.|Rec\\.`, key: 'R', form: 'pages', kind: 'record', weak: true },
  // US trial courts
  { re: `(?:D\\.${S}Ct\\.${S})?(?:Dkt\\.?|Docket|Doc\\.|D\\.${S}E\\.|ECF)(?:${S}(?:Nos?\\.?|#))?`, key: 'DKT', form: 'docket', kind: 'record' },
  { re: `Exhs?\\.|Exs?\\.|Exhibits?`, key: 'EX', form: 'exhibit', kind: 'record' },
  { re: `(?:${DATED})?(?:(?:Hr(?:'|’)?g|Hearing|Trial|Sent(?:encing|\\.)|Plea|Oral${S}Arg(?:ument|\\.)?)${S})?(?:Tr\\.|Transcript)`, key: 'TR', form: 'locator', kind: 'record' },
  { re: `(?:(?:First|Second|Third|1st|2d|2nd|3d|3rd)${S})?Am(?:ended|\\.)${S}Compl(?:aint|\\.)|Compl(?:aint|\\.)|[FST]ACC?|Countercl(?:aim|\\.)`, key: 'COMPL', form: 'paragraph', kind: 'record' },
  { re: `(?:(?:Def(?:endant)?s?|Pl(?:aintiff)?s?)(?:\\.|'|’|\\.'|\\.’)?s?${S})?(?:[DPR]?S?SUM?F|[DPR]?UF|SOF|SSOF|SGI|SGD)`, key: 'SUF', form: 'facts', kind: 'record' },
  { re: `Decl(?:aration|\\.)`, key: 'DECL', form: 'locator', kind: 'record' },
  { re: `Aff(?:idavit|id\\.|\\.)`, key: 'AFF', form: 'locator', kind: 'record' },
  { re: `Dep(?:osition|o\\.?|\\.)`, key: 'DEP', form: 'locator', kind: 'record' },
];

/** Another party's brief, or the brief's own parts: found so they are never linked into the record. */
export const BRIEF_DESIGNATORS: Designator[] = [
  {
    re: `(?:(?:Opening|Reply|Answering|Principal|Resp(?:onse|\\.)?|Appellants?(?:'|’)?s?|Appellees?(?:'|’)?s?|Pet(?:itioner)?s?(?:'|’)?\\.?|Gov(?:ernment|'t|’t)(?:'|’)?s?\\.?|Pl(?:aintiff)?s?\\.?(?:'|’)?|Def(?:endant)?s?\\.?(?:'|’)?|U\\.S\\.|Amicus)${S})*Br(?:ief|\\.)`,
    key: 'BR',
    form: 'pages',
    kind: 'brief',
  },
  { re: `AOB|ARB|AAB|RB`, key: 'BR', form: 'pages', kind: 'brief' },
  { re: `(?:(?:Pl(?:aintiff)?s?\\.?(?:'|’)?|Def(?:endant)?s?\\.?(?:'|’)?)${S})?(?:Opp(?:'|’)n|Opp(?:osition|\\.)|Mot(?:ion|\\.)|Reply|Mem(?:orandum|\\.))`, key: 'BR', form: 'pages', kind: 'brief' },
];

/** Kinds of named documents (`Smith Decl.`, `Affidavit of Jane Smith`), for keys such as `AFF:SMITH`. */
export const NAMED_KINDS: Array<{ re: string; key: string }> = [
  { re: `Affidavit|Affid\\.|Aff\\.`, key: 'AFF' },
  { re: `Declaration|Decl\\.`, key: 'DECL' },
  { re: `Deposition|Depo\\.?|Dep\\.`, key: 'DEP' },
  { re: `Cross(?:-|\\s+)?Examination|Cross-Exam\\.|Cross`, key: 'CROSS' },
  { re: `Examination${S}for${S}Discovery|Discovery`, key: 'DISCOVERY' },
  { re: `Report`, key: 'REPORT' },
];

/** Same-document names lawyers use for one record family (`Appeal Book` and `AB`). */
export function designatorKey(name: string): string | null {
  const t = name.trim();
  for (const d of RECORD_DESIGNATORS) if (new RegExp(`^(?:${d.re})$`, 'i').test(t)) return d.key;
  return null;
}

/** Letters and digits, upper case: how a name no family knows is compared (`Reply Compendium` → `REPLYCOMPENDIUM`). */
export function plainKey(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** A record named for its docket entry (`ECF No. 12`, `Dkt. 45-3`): the number. */
export const DOCKET_NAME = /^(?:D\.\s*Ct\.\s*)?(?:Dkt\.?|Docket|Doc\.|D\.\s*E\.|ECF)\s*(?:(?:Nos?\.?|#)\s*)?(\d{1,5}(?:-\d{1,3})?)$/i;
/** A record named for its exhibit label (`Ex. C`, `Exhibit 12`): the label. */
export const EXHIBIT_NAME = /^(?:Exh(?:ibit)?\.?|Ex\.|Exhibit)\s*["“]?([A-Za-z0-9]{1,4}(?:-\d{1,3})?)["”]?$/i;
