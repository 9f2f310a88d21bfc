import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from './api.ts';
import type { DocumentMemoryEntry, DuplicatesResponse } from './document-types.ts';

/** Suggestions appear once the title is longer than 1 character (spec §5). */
export const SUGGESTION_MIN_CHARS = 2;
export const SUGGESTION_CLOSE_DELAY_MS = 200;
export const DUPLICATES_SHOWN = 3;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

export function useMemorySuggestions(text: string) {
  const q = useDebounced(text.trim(), 150);
  return useQuery<DocumentMemoryEntry[]>({
    queryKey: ['/api/document-memory/suggestions', q],
    queryFn: () => apiRequest<DocumentMemoryEntry[]>('GET', `/api/document-memory/suggestions?q=${encodeURIComponent(q)}`),
    enabled: q.length >= SUGGESTION_MIN_CHARS,
    staleTime: 30_000,
  });
}

export function rememberDocumentDetails(body: { documentName: string; fileNumber?: string; alias?: string }): Promise<unknown> {
  return apiRequest('POST', '/api/document-memory', body);
}

/** Documents of the case that look like these files (spec §5: runs when a file name and case are present). */
export async function findDuplicates(caseId: string, fileNames: readonly string[]): Promise<DuplicatesResponse['duplicates']> {
  const answers = await Promise.all(
    fileNames.map((name) =>
      apiRequest<DuplicatesResponse>('GET', `/api/cases/${encodeURIComponent(caseId)}/check-duplicates/${encodeURIComponent(name)}`)
        .then((r) => r.duplicates)
        .catch(() => []),
    ),
  );
  const seen = new Set<string>();
  return answers.flat().filter((d) => (seen.has(d.id) ? false : (seen.add(d.id), true)));
}
