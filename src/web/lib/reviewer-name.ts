/** The reviewer's name as last typed (full name and bar number), kept in this browser for the next review. */
import { useState } from 'react';

const KEY = 'reviewerName';

function read(): string {
  try {
    return localStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export function useReviewerName(): [string, (name: string) => void] {
  const [name, setName] = useState(read);
  const set = (next: string) => {
    setName(next);
    try {
      localStorage.setItem(KEY, next);
    } catch {
      // storage unavailable: the name stays for this screen only
    }
  };
  return [name, set];
}

export const REVIEWER_PLACEHOLDER = 'Full name and bar number';
