// Index pages set by hand: free text such as `2,3,4` or `2-5` (spec §5) → sorted page numbers.
export function parseIndexPages(text: string | null | undefined): number[] | undefined {
  if (!text?.trim()) return undefined;
  const pages = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(part);
    if (!m) continue;
    const from = Number(m[1]);
    const to = m[2] ? Number(m[2]) : from;
    for (let p = Math.min(from, to); p <= Math.max(from, to) && pages.size < 500; p++) if (p >= 1) pages.add(p);
  }
  return pages.size ? [...pages].sort((a, b) => a - b) : undefined;
}
