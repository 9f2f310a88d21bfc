import type { PageText } from '../types.ts';
import { romanToArabic } from './locators.ts';

/**
 * The name a record is cited by, read from its cover: the title a court gives the kind of record
 * (`APPEAL BOOK`, `EXCERPTS OF RECORD`, `JOINT APPENDIX`, `MOTION RECORD`, `CLERK'S TRANSCRIPT`, `REPORT
 * OF PROCEEDINGS`, `BOOK OF AUTHORITIES`: where authority citations link first), the person an affidavit or a transcript is of, and the volume (`Volume 2 of 3`,
 * `VOLUME II`). What the cover does not say stays null: a reviewer names it in the app.
 */
const TITLES: Array<[RegExp, string]> = [
  [/\bSUPPLEMENTAL\s+EXCERPTS\s+OF\s+RECORD\b/i, 'SER'],
  [/\bFURTHER\s+EXCERPTS\s+OF\s+RECORD\b/i, 'FER'],
  [/\bEXCERPTS?\s+OF\s+(?:THE\s+)?RECORD\b/i, 'ER'],
  [/\bJOINT\s+APPENDIX\b/i, 'J.A.'],
  [/\bAPPEAL\s+BOOK\b/i, 'AB'],
  [/\bRESPONDING\s+MOTION\s+RECORD\b/i, 'RR'],
  [/\bMOTION\s+RECORD\b/i, 'MR'],
  [/\bAPPLICATION\s+RECORD\b/i, 'AR'],
  [/\bBOOKS?\s+OF\s+AUTHORITIES\b/i, 'BOA'],
  [/\bCOMPENDIUM\b/i, 'Compendium'],
  [/\bRECORD\s+ON\s+APPEAL\b/i, 'ROA'],
  [/\bCLERK['’]?S\s+TRANSCRIPT\b/i, 'CT'],
  [/\bREPORTER['’]?S\s+TRANSCRIPT\b/i, 'RT'],
  [/\bVERBATIM\s+REPORT\s+OF\s+PROCEEDINGS\b|\bREPORT\s+OF\s+PROCEEDINGS\b/i, 'RP'],
  [/\bCLERK['’]?S\s+PAPERS\b/i, 'CP'],
];
const PERSON = /\b(AFFIDAVIT|DECLARATION|DEPOSITION|CROSS[-\s]?EXAMINATION)\s+OF\s+((?:[A-Z][A-Za-z.'’-]*\s+){0,3}[A-Z][A-Za-z'’-]+)/i;
const KIND_NAME: Record<string, string> = { AFFIDAVIT: 'Affidavit', DECLARATION: 'Decl.', DEPOSITION: 'Dep.' };
const VOLUME = /\bVOL(?:UME|\.)?\s*(\d{1,2}|[IVX]{1,5})\b(?:\s+OF\s+(?:\d{1,2}|[IVX]{1,5}))?/i;

export function recordIdentity(cover: PageText[]): { citeAs: string | null; volume: string | null } {
  const text = cover.map((p) => p.lines.map((l) => l.text).join('\n')).join('\n');
  const v = VOLUME.exec(text);
  const volume = v ? romanToArabic(v[1]!.toUpperCase()) : null;
  for (const [re, name] of TITLES) if (re.test(text)) return { citeAs: name, volume };
  const p = PERSON.exec(text);
  if (p) {
    const surname = p[2]!.split(/\s+/).pop()!;
    const name = surname[0]! + surname.slice(1).toLowerCase();
    const kind = p[1]!.toUpperCase().startsWith('CROSS') ? 'Cross' : KIND_NAME[p[1]!.toUpperCase()]!;
    return { citeAs: `${name} ${kind}`, volume };
  }
  return { citeAs: null, volume };
}
