// Passwords an account may be given: the contract's length rule, and none of the most common passwords
// (common-passwords.txt, compared without regard to case or spaces at either end).
import { readFileSync } from 'node:fs';
import { AppError } from '../errors.ts';

const common = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line && !line.startsWith('#')),
);

export function isCommonPassword(password: string): boolean {
  return common.has(password.trim().toLowerCase());
}

export function assertPasswordAllowed(password: string): void {
  if (isCommonPassword(password)) {
    throw new AppError(
      'validation',
      'This password is one of the most common passwords and easy to guess; choose another',
      'password',
    );
  }
}
