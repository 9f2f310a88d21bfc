const ROMAN: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };

/** A printed page number as a style (decimal, lower roman) and its value (`12`, `iv` → 4); null for other labels. */
export function labelValue(label: string): { style: 'D' | 'r'; value: number } | null {
  if (/^[1-9]\d{0,4}$/.test(label)) return { style: 'D', value: Number(label) };
  if (!/^[ivxlcdm]+$/.test(label)) return null;
  let v = 0;
  for (let i = 0; i < label.length; i++) {
    const c = ROMAN[label[i]!]!;
    v += c < (ROMAN[label[i + 1] ?? ''] ?? 0) ? -c : c;
  }
  return { style: 'r', value: v };
}
