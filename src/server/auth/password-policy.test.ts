import { describe, expect, it } from 'vitest';
import { visibleLength, visiblePassword } from '../../contract/password-rules.ts';
import { COMMON, FROM_EMAIL, isCommonPassword, passwordProblem, REPETITIVE, SEQUENCE } from './password-policy.ts';
import { TOO_SHORT } from '../../contract/password-rules.ts';

const email = 'ada.lovelace@firm.example';

describe('what a password is judged on', () => {
  it('counts visible characters: invisible ones, spaces at either end and repeated spaces do not count', () => {
    expect(visibleLength('\u200B'.repeat(10))).toBe(0);
    expect(visibleLength('\u00AD'.repeat(10))).toBe(0);
    expect(visibleLength('\uFEFF\u200C\u200D\u2060\u200E\u202E\u180E\uFE0F\u3164\u2800')).toBe(0);
    expect(visibleLength('  abc  ')).toBe(3);
    expect(visibleLength('a     b')).toBe(3);
    expect(visiblePassword('pass\u200Bword\u00AD123')).toBe('password123');
  });

  it('folds compatibility forms (NFKC) and counts code points, not UTF-16 units', () => {
    expect(visiblePassword('ｐａｓｓｗｏｒｄ１２３')).toBe('password123');
    expect(visibleLength('😀😀😀😀😀')).toBe(5);
    expect(visibleLength('e\u0301')).toBe(1); // NFKC composes é
    expect(visibleLength('字典里的每一个字都')).toBe(9);
  });
});

describe('password rules', () => {
  it('refuses passwords of invisible characters, or too few visible ones', () => {
    for (const p of ['\u200B'.repeat(10), '\u00AD'.repeat(10), '\u200B'.repeat(30) + 'abc', ' '.repeat(12), 'short', 'Tab 7\u200B\u200B\u200B\u200B\u200B']) {
      expect(passwordProblem(p), JSON.stringify(p)).toBe(TOO_SHORT);
    }
    expect(passwordProblem('字典里的每一个字都有意思')).toBeNull();
  });

  it('says the common list first when a password is also a sequence or a repetition', () => {
    expect(passwordProblem('QWERTYUIOP')).toBe(COMMON);
    expect(passwordProblem('aaaaaaaaaa')).toBe(COMMON);
    expect(passwordProblem('aaaaaaaaab')).toBe(REPETITIVE);
    expect(passwordProblem('12345678901')).toBe(SEQUENCE);
  });

  it('refuses one character repeated, or nearly so, and a short block repeated', () => {
    for (const p of ['aaaaaaaaaa', 'aaaaaaaaab', 'AaAaAaAaAaAa', 'abcabcabcabc', 'abab abab abab', 'aaaaaaaaaaaaaxyz1', 'k9#Lk9#Lk9#L', 'abcdeabcde']) {
      expect(passwordProblem(p), p).toBe(isCommonPassword(p) ? COMMON : REPETITIVE);
    }
    expect(passwordProblem('aaaaaaaaa\u200Bb')).toBe(REPETITIVE);
  });

  it('refuses simple sequences: alphabet, digits, keyboard rows, either way, wrapping round', () => {
    for (const p of ['12345678901', '0987654321', 'abcdefghijk', 'KJIHGFEDCBA', 'poiuytrewq', 'asdfghjklasd', 'xyzabcdefgh', '89012345678', 'acegikmoqsu', 'qwertyuiopasdf', '1234 5678 90']) {
      expect(passwordProblem(p), p).toBe(isCommonPassword(p) ? COMMON : SEQUENCE);
    }
  });

  it('refuses the email address, the name before the @, or its pieces, with little added', () => {
    for (const p of [email, 'ada.lovelace', 'Ada.Lovelace1!', 'ADA LOVELACE 22', 'lovelace2024', 'ada.lovelace@firm.example!', 'ada.love\u200Blace99']) {
      expect(passwordProblem(p, { email }), p).toBe(FROM_EMAIL);
    }
    expect(passwordProblem('Lovelace wrote the first program', { email })).toBeNull();
    // Without an email to compare, the same password is judged on the other rules only.
    expect(passwordProblem('ada.lovelace')).toBeNull();
    // A very short part before the @ is not a reason to refuse.
    expect(passwordProblem('bo river crossing', { email: 'bo@firm.example' })).toBeNull();
  });

  it('checks the common list after normalisation', () => {
    for (const p of ['password123', 'QwertyUiop', '1234567890', ' Password1234 ', 'iloveyou123', 'pass\u200Bword123', 'ｐａｓｓｗｏｒｄ１２３', 'pass word 123']) {
      expect(isCommonPassword(p), p).toBe(true);
      expect(passwordProblem(p), p).toBe(COMMON);
    }
    expect(isCommonPassword('correct horse battery')).toBe(false);
  });

  it('accepts ordinary good passwords', () => {
    for (const p of ['brass lantern under the pier', 'Tab 7 of the record', 'S3cret-pass-12-x7q', 'Брифлинк пароль', 'zq8!Lm2#vT']) {
      expect(passwordProblem(p, { email }), p).toBeNull();
    }
  });
});

describe('sign-in delay per account (defaults)', () => {
  it('is none for the first 4 failures, 30 s after the 5th, doubling per failure, never more than 15 minutes', async () => {
    const { delayAfter } = await import('./sign-in-throttle.ts');
    const defaults = { freeFailures: 5, delayMs: 30_000, maxDelayMs: 900_000 };
    expect([1, 2, 3, 4].map((n) => delayAfter(n, defaults))).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9, 10, 50, 10_000].map((n) => delayAfter(n, defaults) / 1000)).toEqual([30, 60, 120, 240, 480, 900, 900, 900]);
  });
});
