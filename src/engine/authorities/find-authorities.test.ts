import { describe, expect, it } from 'vitest';
import type { BodyText } from '../refs/body-text.ts';
import { findAuthoritiesInBody } from './find-authorities.ts';
import { authorityTarget } from './targets.ts';
import type { Authority } from './types.ts';

/** A body of one row per sentence given, each word boxed where it stands in the text. */
function bodyOf(text: string): BodyText {
  const words: BodyText['words'] = [];
  const marks = new Int32Array(text.length).fill(-1);
  for (const m of text.matchAll(/\S+/g)) {
    words.push({ page: 1, bbox: [m.index, 0, m.index + m[0].length, 10], row: 0, footnote: false, start: m.index, length: m[0].length });
    for (let i = 0; i < m[0].length; i++) marks[m.index + i] = words.length - 1;
  }
  return { text, wordAt: marks, words };
}

const find = (text: string): Authority[] => findAuthoritiesInBody(bodyOf(text));
const one = (text: string): Authority => {
  const found = find(text);
  expect(found.map((a) => a.text)).toHaveLength(1);
  return found[0]!;
};
const url = (a: Authority) => authorityTarget(a.parts).url;

describe('citations as real briefs print them', () => {
  it('a Westlaw citation with its docket number, court and date; the same number again is its short form', () => {
    const found = find(
      'See Skee Ball, Inc. v. Full Circle United, No. C-11-04930 EDL, 2011 WL 6749013, at *5 (N.D. Cal. Dec. 22, 2011); Kiewet Infrastructure W. Co. v. Samson Rope Techs., Case No. SA CV 19-02501-DOC-ADS, 2020 WL 5092914, at *4 (C.D. Cal. Mar. 6, 2020). The weight is little. Kiewet, 2020 WL 5092914, at *3. And again 2011 WL 6749013, at *6.',
    );
    expect(found.map((a) => [a.text, a.shortForm ?? null, a.antecedent ?? null])).toEqual([
      ['Skee Ball, Inc. v. Full Circle United, No. C-11-04930 EDL, 2011 WL 6749013, at *5 (N.D. Cal. Dec. 22, 2011)', null, null],
      ['Kiewet Infrastructure W. Co. v. Samson Rope Techs., Case No. SA CV 19-02501-DOC-ADS, 2020 WL 5092914, at *4 (C.D. Cal. Mar. 6, 2020)', null, null],
      ['Kiewet, 2020 WL 5092914, at *3', 'short', 2],
      ['2011 WL 6749013, at *6', 'short', 1],
    ]);
    expect(found[0]!.parts).toMatchObject({ name: 'Skee Ball, Inc. v. Full Circle United', court: 'N.D. Cal.', number: '6749013', pinpoint: '5' });
    expect(found[2]!.parts).toMatchObject({ name: 'Kiewet Infrastructure W. Co. v. Samson Rope Techs.', pinpoint: '3' });
  });

  it('case names with the Bluebook’s abbreviations, and short forms named by a few words', () => {
    const found = find(
      'See Cox Broad. Corp. v. Cohn, 420 U.S. 469, 496 (1975); Press-Enter. Co. v. Superior Court (“Press-Enterprise II”), 478 U.S. 1, 2 (1986); In re N.Y. Times Co., 828 F.2d 110, 116 (2d Cir. 1987). The rule holds. Cox Broad., 420 U.S. at 496; In re N.Y. Times Co., 828 F.2d at 116.',
    );
    expect(found.map((a) => a.parts.name ?? null)).toEqual(['Cox Broad. Corp. v. Cohn', 'Press-Enter. Co. v. Superior Court', 'In re N.Y. Times Co.', 'Cox Broad. Corp. v. Cohn', 'In re N.Y. Times Co.']);
    expect(found.slice(3).map((a) => [a.text, a.antecedent])).toEqual([['Cox Broad., 420 U.S. at 496', 1], ['In re N.Y. Times Co., 828 F.2d at 116', 3]]);
    // a page's running header in capitals run into the text is no part of a name
    expect(find('MOTION FOR LEAVE TO FILE OVER-LENGTH CONSOLIDATED Henyard v. Suh, 2013 WL 8071922, at *1 (C.D. Cal. June 6, 2013). OVER-LENGTH CONSOLIDATED Henyard, 2013 WL 8071922, at *2. SEC v. Fraser, 2010 WL 7038, at *29.').map((a) => a.text)).toEqual([
      'Henyard v. Suh, 2013 WL 8071922, at *1 (C.D. Cal. June 6, 2013)',
      'Henyard, 2013 WL 8071922, at *2',
      'SEC v. Fraser, 2010 WL 7038, at *29',
    ]);
    expect(find('Mintel Learning Tech., Inc. v. Beijing Kaidi, 2007 U.S. Dist. LEXIS 59946, at *11 (N.D. Cal. Aug. 9, 2007). Mintel Learning Tech., Inc., 2007 U.S. Dist. LEXIS 59946, at *23.')[1]!.text).toBe('Mintel Learning Tech., Inc., 2007 U.S. Dist. LEXIS 59946, at *23');
    // a sentence's last word is no part of a short form's name
    expect(find('Florida Star v. B.J.F., 491 U.S. 524 (1989). It was settled in Texas. Florida Star, 491 U.S. at 538.')[1]!.text).toBe('Florida Star, 491 U.S. at 538');
  });

  it('Id. after a citation whose parenthetical quotes or cites another case continues the citation, not the case quoted', () => {
    const found = find(
      'Georgia v. Public.Resource.Org, 140 S. Ct. 1498, 1506 (2020) (quoting Banks v. Manchester, 128 U.S. 244, 253 (1888) and citing Nash v. Lathrop, 6 N.E. 559 (Mass. 1886)). The law is free. Id. at 1507. Nash v. Lathrop, 6 N.E. 559 (Mass. 1886). Id. at 560.',
    );
    expect(found.filter((a) => a.shortForm === 'id').map((a) => [a.text, found[a.antecedent! - 1]!.parts.name])).toEqual([
      ['Id. at 1507', 'Georgia v. Public.Resource.Org'],
      ['Id. at 560', 'Nash v. Lathrop'],
    ]);
  });

  it('id. at a subdivision continues a rule with that subdivision', () => {
    const found = find('Injunctions bind the parties, Fed. R. Civ. P. 65(d)(2)(B), and those in concert with them, id. at (d)(2)(C).');
    expect(found.map((a) => [a.text, a.parts.rule])).toEqual([['Fed. R. Civ. P. 65(d)(2)(B)', '65(d)(2)(B)'], ['id. at (d)(2)(C)', '65(d)(2)(C)']]);
  });

  it('the McGill Guide without stops: statutes, pinpoints, the short names a factum defines and its supra forms', () => {
    const found = find(
      'R v Gauthier, 2013 SCC 32 [Gauthier SCC]. Criminal Code, R.S.C. 1985, c C-46, s 21(1) [Criminal Code]. R v Thatcher, [1987] 1 SCR 652 at para 80. Henderson v The King, [1948] SCR 226. Gauthier SCC, supra para 1 at paras 12–14, 17, 57. Criminal Code, supra para 6, ss 686(1)(a)(ii), 686(1)(b)(iii).',
    );
    expect(found.map((a) => a.text)).toEqual([
      'R v Gauthier, 2013 SCC 32',
      'Criminal Code, R.S.C. 1985, c C-46, s 21(1)',
      'R v Thatcher, [1987] 1 SCR 652 at para 80',
      'Henderson v The King, [1948] SCR 226',
      'Gauthier SCC, supra para 1 at paras 12–14, 17, 57',
      'Criminal Code, supra para 6, ss 686(1)(a)(ii), 686(1)(b)(iii)',
    ]);
    expect(found[1]!.parts).toMatchObject({ family: 'ca-statute', chapter: 'C-46', section: '21(1)' });
    expect(found[2]!.parts.paragraph).toBe('80');
    expect(found[3]!.parts.name).toBe('Henderson v The King');
    expect(found[4]!.parts).toMatchObject({ neutral: '2013 SCC 32', paragraph: '12–14' });
    expect(found[4]!.antecedent).toBe(1);
    expect(found[5]!.parts).toMatchObject({ kind: 'statute', chapter: 'C-46', section: '686(1)(a)(ii)' });
    // a document of the record cited supra is the record finder's
    expect(find('R v Smith, 2016 SCC 27. See Smith Affidavit, supra, at para. 20.').map((a) => a.text)).toEqual(['R v Smith, 2016 SCC 27']);
  });

  it('a database or a short name in brackets after a neutral citation is no division; the short name with a pinpoint is a short form', () => {
    const found = find(
      'R v O’Flaherty, [2004] EWCA Crim 526 (BAILII) at para 60. In PMS International Group plc v Magmatic Limited [2016] UKSC 12 (Trunki), Lord Neuberger agreed with Procter & Gamble v Reckitt Benckiser [2007] EWCA Civ 936 (P&G) at paragraphs 4 to 6. As he said in Trunki at paragraph 30 and P&G at [35(ii)]: so.',
    );
    expect(found.map((a) => [a.text, a.parts.neutral ?? null, a.parts.paragraph ?? null, a.antecedent ?? null])).toEqual([
      ['R v O’Flaherty, [2004] EWCA Crim 526 (BAILII) at para 60', '[2004] EWCA Crim 526', '60', null],
      ['PMS International Group plc v Magmatic Limited [2016] UKSC 12', '[2016] UKSC 12', null, null],
      ['Procter & Gamble v Reckitt Benckiser [2007] EWCA Civ 936 (P&G) at paragraphs 4 to 6', '[2007] EWCA Civ 936', '4 to 6', null],
      ['Trunki at paragraph 30', '[2016] UKSC 12', '30', 2],
      ['P&G at [35(ii)]', '[2007] EWCA Civ 936', '35', 3],
    ]);
    expect(found[0]!.parts.division).toBeUndefined();
  });

  it('English reports and their pinpoints, parallel citations after a semicolon, and names as English judgments print them', () => {
    const found = find(
      'In Thermos v Aladdin [2000] FSR 402 at 404 and per Aldous J in Gaskell & Chambers Ltd v Measure Master Ltd [1993] RPC 76, 81. So Arnold J in Whitby Specialist Vehicles Ltd v Yorkshire Specialist Vehicles Ltd [2014] EWHC 4242 (Pat); [2016] FSR 5 at [22]–[23]; and L’Oréal SA and Anor v RN Ventures Limited [2018] EWHC 173 (Pat). The CJEU said in PepsiCo [2012] FSR 5 that it held in C-479/12 H Gautzsch Großhandel GmbH v Münchener Boulevard Möbel Joseph Duna GmbH [2014] RPC 28 at [37] to [44].',
    );
    expect(found.map((a) => [a.text, a.parts.name ?? null, a.parts.pinpoint ?? a.parts.paragraph ?? null])).toEqual([
      ['Thermos v Aladdin [2000] FSR 402 at 404', 'Thermos v Aladdin', '404'],
      ['Gaskell & Chambers Ltd v Measure Master Ltd [1993] RPC 76, 81', 'Gaskell & Chambers Ltd v Measure Master Ltd', '81'],
      ['Whitby Specialist Vehicles Ltd v Yorkshire Specialist Vehicles Ltd [2014] EWHC 4242 (Pat)', 'Whitby Specialist Vehicles Ltd v Yorkshire Specialist Vehicles Ltd', null],
      ['[2016] FSR 5 at [22]–[23]', 'Whitby Specialist Vehicles Ltd v Yorkshire Specialist Vehicles Ltd', '22–23'],
      ['L’Oréal SA and Anor v RN Ventures Limited [2018] EWHC 173 (Pat)', 'L’Oréal SA and Anor v RN Ventures Limited', null],
      ['PepsiCo [2012] FSR 5', 'PepsiCo', null],
      ['C-479/12 H Gautzsch Großhandel GmbH v Münchener Boulevard Möbel Joseph Duna GmbH [2014] RPC 28 at [37] to [44]', 'H Gautzsch Großhandel GmbH v Münchener Boulevard Möbel Joseph Duna GmbH', '37 to 44'],
    ]);
    expect(found[0]!.parts).toMatchObject({ family: 'uk-reporter', reporter: 'FSR', page: '402', year: '2000' });
    expect(find('As in Wolverhampton City Council v London Gypsies and Travellers [2024] 2 WLR 45.')[0]!.parts.name).toBe('Wolverhampton City Council v London Gypsies and Travellers');
    // a page after a comma is no pinpoint when a citation follows it
    expect(find('Dunsmuir v. New Brunswick, [2008] 1 S.C.R. 190, 2008 SCC 9.').map((a) => a.parts.pinpoint ?? null)).toEqual([null, null]);
  });
});

describe('authorities by family', () => {
  it('US Supreme Court reports, with name, pinpoint and year', () => {
    const a = one('The standard is plausibility. See Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009).');
    expect(a.text).toBe('Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009)');
    expect(a.parts).toMatchObject({ kind: 'case', family: 'us-case', name: 'Ashcroft v. Iqbal', volume: '556', reporter: 'U.S.', page: '662', pinpoint: '678', year: '2009' });
    expect(url(a)).toBe('https://www.courtlistener.com/c/U.S./556/662/');
    expect(one('Bell Atl. Corp. v. Twombly, 127 S. Ct. 1955, 1965 (2007)').parts).toMatchObject({ name: 'Bell Atl. Corp. v. Twombly', reporter: 'S. Ct.', volume: '127' });
    expect(one('Doe v. Roe, 167 L. Ed. 2d 929 (2007)').parts.reporter).toBe('L. Ed. 2d');
  });

  it('federal reporters, with the court', () => {
    const a = one('Smith v. Jones, 123 F.3d 45, 47 (9th Cir. 1997).');
    expect(a.parts).toMatchObject({ reporter: 'F.3d', court: '9th Cir.', year: '1997', pinpoint: '47' });
    const b = one('Doe v. Roe, 45 F. Supp. 2d 100, 104 (S.D.N.Y. 1999).');
    expect(b.parts).toMatchObject({ reporter: 'F. Supp. 2d', page: '100', court: 'S.D.N.Y.' });
    expect(url(b)).toBe('https://www.courtlistener.com/c/F.%20Supp.%202d/45/100/');
  });

  it('state and regional reporters', () => {
    expect(one('In re Marriage of Smith, 45 Cal. App. 4th 1000, 1004 (1996).').parts).toMatchObject({ name: 'In re Marriage of Smith', reporter: 'Cal. App. 4th' });
    expect(one('Roe v. Wade Co., 210 N.E.2d 12 (N.Y. 1965).').parts.reporter).toBe('N.E.2d');
    expect(one('Price v. Lee, 95 P.3d 1 (Wash. 2004).').parts.reporter).toBe('P.3d');
  });

  it('Westlaw numbers: found, not linked by default', () => {
    const a = one('Acme Corp. v. Beta LLC, 2019 WL 123456, at *3 (D. Del. Jan. 4, 2019).');
    expect(a.parts).toMatchObject({ family: 'us-database', year: '2019', reporter: 'WL', number: '123456', pinpoint: '3' });
    expect(authorityTarget(a.parts)).toMatchObject({ url: null });
  });

  it('Canadian neutral citations, linked to CanLII', () => {
    const a = one('R. v. Jordan, 2016 SCC 27 at para. 5.');
    expect(a.parts).toMatchObject({ family: 'ca-neutral', name: 'R. v. Jordan', year: '2016', court: 'SCC', number: '27', paragraph: '5' });
    expect(url(a)).toBe('https://www.canlii.org/en/ca/scc/doc/2016/2016scc27/2016scc27.html');
    expect(url(one('Smith v. Ontario, 2021 ONSC 8038.'))).toBe('https://www.canlii.org/en/on/onsc/doc/2021/2021onsc8038/2021onsc8038.html');
    expect(url(one('Canada (Attorney General) v. Bedford, 2013 FC 72.'))).toBe('https://www.canlii.org/en/ca/fct/doc/2013/2013fct72/2013fct72.html');
  });

  it('neutral citations of England and Wales, linked to Find Case Law', () => {
    const found = find('Re X Ltd, [2024] EWHC 1809 (Ch); Y v Z [2020] UKSC 5; A v B, [2019] EWCA Civ 1.');
    expect(found.map((a) => a.parts.neutral)).toEqual(['[2024] EWHC 1809 (Ch)', '[2020] UKSC 5', '[2019] EWCA Civ 1']);
    expect(found.map(url)).toEqual([
      'https://caselaw.nationalarchives.gov.uk/ewhc/ch/2024/1809',
      'https://caselaw.nationalarchives.gov.uk/uksc/2020/5',
      'https://caselaw.nationalarchives.gov.uk/ewca/civ/2019/1',
    ]);
    expect(found[1]!.parts.name).toBe('Y v Z');
  });

  it('Canadian printed reporters, and parallel citations', () => {
    const a = one('R. v. Morin, [1992] 1 S.C.R. 771 at para. 4.');
    expect(a.parts).toMatchObject({ family: 'ca-reporter', year: '1992', volume: '1', reporter: 'S.C.R.', page: '771', paragraph: '4' });
    const b = one('R. v. Smith (1995), 25 O.R. (3d) 1 (C.A.).');
    expect(b.parts).toMatchObject({ name: 'R. v. Smith', year: '1995', volume: '25', reporter: 'O.R. (3d)', page: '1', court: 'C.A.' });
    const both = find('Dunsmuir v. New Brunswick, [2008] 1 S.C.R. 190, 2008 SCC 9.');
    expect(both.map((x) => x.text)).toEqual(['Dunsmuir v. New Brunswick, [2008] 1 S.C.R. 190', '2008 SCC 9']);
    expect(both[1]!.parts.name).toBe('Dunsmuir v. New Brunswick');
  });

  it('statutes and rules', () => {
    const usc = one('The claim arises under 42 U.S.C. § 1983.');
    expect(usc.text).toBe('42 U.S.C. § 1983');
    expect(url(usc)).toBe('https://www.law.cornell.edu/uscode/text/42/1983');
    const frcp = one('The motion is brought under Fed. R. Civ. P. 12(b)(6).');
    expect(frcp.parts).toMatchObject({ kind: 'rule', rules: 'Fed. R. Civ. P.', rule: '12(b)(6)' });
    expect(url(frcp)).toBe('https://www.law.cornell.edu/rules/frcp/rule_12');
    expect(url(one('See Fed. R. Evid. 401.'))).toBe('https://www.law.cornell.edu/rules/fre/rule_401');
    const cc = one('The delay offends the Criminal Code, R.S.C. 1985, c. C-46, s. 11(b).');
    expect(cc.parts).toMatchObject({ kind: 'statute', family: 'ca-statute', name: 'Criminal Code', chapter: 'C-46', section: '11(b)' });
    expect(url(cc)).toBe('https://laws-lois.justice.gc.ca/eng/acts/C-46/section-11.html');
    const cja = one('Courts of Justice Act, R.S.O. 1990, c. C.43, s. 134.');
    expect(cja.parts).toMatchObject({ family: 'on-statute', name: 'Courts of Justice Act', chapter: 'C.43', section: '134' });
    expect(url(cja)).toBe('https://www.ontario.ca/laws/statute/90c43');
    const cpr = one('Permission is needed under CPR 52.21.');
    expect(cpr.parts).toMatchObject({ family: 'uk-cpr', rule: '52.21' });
    expect(url(cpr)).toBe('https://www.justice.gov.uk/courts/procedure-rules/civil/rules/part52');
  });

  it('short forms take their authority from the full citation', () => {
    const found = find('Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009). Id. at 680. The rule is settled. Iqbal, 556 U.S. at 679. R. v. Jordan, 2016 SCC 27 at para. 5. Ibid. Jordan, supra, at para. 7.');
    expect(found.map((a) => [a.text, a.shortForm ?? null, a.antecedent ?? null])).toEqual([
      ['Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009)', null, null],
      ['Id. at 680', 'id', 1],
      ['Iqbal, 556 U.S. at 679', 'short', 1],
      ['R. v. Jordan, 2016 SCC 27 at para. 5', null, null],
      ['Ibid.', 'ibid', 4],
      ['Jordan, supra, at para. 7', 'supra', 4],
    ]);
    expect(found[1]!.parts).toMatchObject({ page: '662', pinpoint: '680' });
    expect(url(found[2]!)).toBe('https://www.courtlistener.com/c/U.S./556/662/');
    expect(found[5]!.parts).toMatchObject({ neutral: '2016 SCC 27', paragraph: '7' });
  });

  it('Id. after a record reference is the record’s, and what only looks like a citation is none', () => {
    expect(find('Ashcroft v. Iqbal, 556 U.S. 662 (2009). The witness agreed (ER 45). Id. at 46.').map((a) => a.text)).toEqual(['Ashcroft v. Iqbal, 556 U.S. 662 (2009)']);
    expect(find('In 2019 at 45 degrees the 12 Ex. 3 was on page 12 of his letter; Section 4 of the lease; 10 Main St. 5 and Rule 5.')).toEqual([]);
  });

  it('templates a firm sets, a family turned off, or all off', () => {
    const a = one('R. v. Jordan, 2016 SCC 27.');
    expect(authorityTarget(a.parts, { 'ca-neutral': 'https://lib.example.com/{year}/{database}/{number}' }).url).toBe('https://lib.example.com/2016/scc/27');
    expect(authorityTarget(a.parts, { 'ca-neutral': null }).url).toBeNull();
    expect(authorityTarget(a.parts, 'off').url).toBeNull();
    expect(authorityTarget(a.parts, { 'ca-neutral': 'file:///c/{number}' }).url).toBeNull();
    const boa = one('Smith v. Jones, [1990] 1 S.C.R. 1.');
    expect(authorityTarget(boa.parts).url).toBeNull();
    expect(authorityTarget(boa.parts, { 'ca-reporter': 'https://lib.example.com/search?q={citation}&n={name}' }).url).toBe('https://lib.example.com/search?q=1%20S.C.R.%201&n=Smith%20v.%20Jones');
    expect(authorityTarget(one('Acme Corp. v. Beta, 2019 WL 123456, at *3').parts, { 'us-database': 'https://lib.example.com/wl?c={citation}' }).url).toBe('https://lib.example.com/wl?c=2019%20WL%20123456');
  });
});
