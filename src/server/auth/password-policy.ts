// Passwords an account may be given, judged on what a person sees (contract/password-rules.ts: NFKC,
// invisible characters removed, spaces trimmed and collapsed). A password is refused when it is:
//  - shorter than 10 visible characters (counted in code points);
//  - made from the account's email address: once the address, the part before the @ and that part's
//    pieces (split at . _ + -) are taken out, fewer than 5 letters or digits remain;
//  - one of the most common passwords (common-passwords.txt), without regard to case or spaces;
//  - a simple sequence: a run of the alphabet, the digits or a keyboard row, forwards or backwards
//    and wrapping round (abcdefghijk, 12345678901, 0987654321, qwertyuiop), or characters that all
//    step by the same amount (acegikmoqs);
//  - too repetitive: fewer than 5 different characters (letters compared without case), one character
//    making up more than half of it, or a shorter block repeated (abcdeabcde).
// Applied at sign-up, invitation sign-up and password change.
import { readFileSync } from 'node:fs';
import { MIN_DISTINCT_CHARACTERS, MIN_PASSWORD_LENGTH, TOO_SHORT, visiblePassword } from '../../contract/password-rules.ts';
import { AppError } from '../errors.ts';

const common = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line && !line.startsWith('#')),
);

export const COMMON = 'This password is one of the most common passwords and easy to guess; choose another';
export const FROM_EMAIL = 'This password is made from your email address and easy to guess; choose another';
export const SEQUENCE = 'This password is a simple sequence (such as abcdefghij, 1234567890 or qwertyuiop) and easy to guess; choose another';
export const REPETITIVE = `This password repeats itself too much: use at least ${MIN_DISTINCT_CHARACTERS} different characters, with none making up more than half of it and no short block repeated`;

/** Letters and digits only, lower case: what the email and sequence rules compare. */
const alnum = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

export function isCommonPassword(password: string): boolean {
  const seen = visiblePassword(password).toLowerCase();
  return common.has(seen) || common.has(seen.replace(/ /g, ''));
}

function madeFromEmail(seen: string, email: string | null | undefined): boolean {
  if (!email) return false;
  const at = email.lastIndexOf('@');
  const local = at > 0 ? email.slice(0, at) : email;
  const parts = [email, local, ...local.split(/[._+-]+/)]
    .map(alnum)
    .filter((p, i) => p.length >= (i < 2 ? 3 : 4))
    .sort((a, b) => b.length - a.length);
  const whole = alnum(seen);
  let rest = whole;
  for (const p of parts) rest = rest.split(p).join('');
  return rest !== whole && [...rest].length < MIN_DISTINCT_CHARACTERS;
}

const RUNS = ['abcdefghijklmnopqrstuvwxyz', '0123456789', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm', '!@#$%^&*()'];
const ROWS = ['1234567890qwertyuiopasdfghjklzxcvbnm', 'qwertyuiopasdfghjklzxcvbnm', 'qazwsxedcrfvtgbyhnujmikolp'];

function isSequence(seen: string): boolean {
  const s = seen.toLowerCase().replace(/ /g, '');
  const chars = [...s];
  if (chars.length < 3) return false;
  const contains = (track: string) => track.includes(s) || [...track].reverse().join('').includes(s);
  for (const run of RUNS) if (contains(run.repeat(Math.ceil(chars.length / run.length) + 1))) return true;
  for (const row of ROWS) if (contains(row)) return true;
  const codes = chars.map((c) => c.codePointAt(0)!);
  const step = codes[1]! - codes[0]!;
  return step !== 0 && codes.every((c, i) => i === 0 || c - codes[i - 1]! === step);
}

function isRepetitive(seen: string): boolean {
  const chars = [...seen.toLowerCase()];
  const counts = new Map<string, number>();
  for (const c of chars) counts.set(c, (counts.get(c) ?? 0) + 1);
  if (counts.size < MIN_DISTINCT_CHARACTERS) return true;
  if (Math.max(...counts.values()) * 2 > chars.length) return true;
  for (let period = 1; period <= chars.length / 2; period++) {
    if (chars.every((c, i) => i < period || c === chars[i - period])) return true;
  }
  return false;
}

/** Why this password may not be used, in a sentence; null when it may. */
export function passwordProblem(password: string, account: { email?: string | null } = {}): string | null {
  const seen = visiblePassword(password);
  if ([...seen].length < MIN_PASSWORD_LENGTH) return TOO_SHORT;
  if (madeFromEmail(seen, account.email)) return FROM_EMAIL;
  if (isCommonPassword(seen)) return COMMON;
  if (isSequence(seen)) return SEQUENCE;
  if (isRepetitive(seen)) return REPETITIVE;
  return null;
}

/** Throws a 400 naming `field` when the password may not be used. */
export function assertPasswordAllowed(password: string, account: { email?: string | null } = {}, field = 'password'): void {
  const problem = passwordProblem(password, account);
  if (problem) throw new AppError('validation', problem, field);
}
