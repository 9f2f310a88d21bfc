// What a password is judged on: the characters a person sees. Shared by the server (which enforces
// the rules) and the sign-up and account screens (which say them before a round trip).
//
// A password is first normalised: compatibility forms folded (NFKC, so a full-width 'Ａ' is 'A' and a
// no-break space is a space), then every invisible character removed (zero-width spaces and joiners,
// soft hyphens, byte-order marks, direction marks, variation selectors, control characters, Hangul and
// Braille blanks), spaces at either end dropped and each run of spaces inside counted once. Length is
// counted in code points, so 'é' or '字' is one character, as a person counts them.

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;
/** A password needs at least this many different characters (letters compared without case). */
export const MIN_DISTINCT_CHARACTERS = 5;

// \p{Cf}: format characters (U+200B-U+200F, U+00AD, U+2060-U+2064, U+FEFF, U+202A-U+202E, tags…);
// \p{Cc}: control characters; \p{Co}/\p{Cs}/\p{Cn}: private use, lone surrogates, unassigned.
const INVISIBLE =
  /[\p{Cf}\p{Cc}\p{Co}\p{Cs}\p{Cn}\u034F\u115F\u1160\u17B4\u17B5\u180B-\u180F\u2800\u3164\uFE00-\uFE0F\uFFA0\u{E0100}-\u{E01EF}]/gu;

/** The password as it is judged: NFKC, invisible characters removed, spaces trimmed and collapsed. */
export function visiblePassword(password: string): string {
  return password.normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim();
}

/** Characters a person sees, counted as code points. */
export function visibleLength(password: string): number {
  return [...visiblePassword(password)].length;
}

export const TOO_SHORT = `The password must have at least ${MIN_PASSWORD_LENGTH} visible characters (invisible characters and spaces at either end do not count)`;

/** What the sign-up and change-password screens say under the password field. */
export const PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters, not your email address, a sequence such as 123456 or a repeated character. Common passwords such as password123 are refused.`;
