/** Roman numerals as labels and printed page numbers use them (`IV`, `xii`). */

const ROMAN: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 };

/** The value of an upper- or lower-case roman numeral below 50 (`IV` → 4, `xii` → 12), or null. */
export function romanValue(s: string): number | null {
  const u = s.toUpperCase();
  if (!/^[IVXLC]{1,7}$/.test(u)) return null;
  let total = 0;
  for (let i = 0; i < u.length; i++) {
    const v = ROMAN[u[i]!]!;
    const next = i + 1 < u.length ? ROMAN[u[i + 1]!]! : 0;
    total += v < next ? -v : v;
  }
  // Labels stop well before L (50) and C (100): a lone L or C is a letter.
  if (total <= 0 || total >= 50 || toRoman(total) !== u) return null;
  return total;
}

/** A number written as an upper-case roman numeral (4 → `IV`). */
export function toRoman(n: number): string {
  const table: Array<[number, string]> = [[100, 'C'], [90, 'XC'], [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I']];
  let out = '';
  for (const [v, s] of table) while (n >= v) { out += s; n -= v; }
  return out;
}
