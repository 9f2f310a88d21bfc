import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from './api.ts';
import type { OcrProgress, StreamMessage } from './document-types.ts';
import { documentUrl } from './documents.ts';

export const OCR_POLL_MS = 10_000;

function finished(p: OcrProgress | null | undefined): boolean {
  return p?.status === 'completed' || p?.status === 'failed';
}

/**
 * Live OCR progress of a document (spec §7): server-sent events on /stream (phase 'ocr'); when the stream
 * fails, GET /ocr-progress every 10 s instead, until the OCR has completed or failed.
 */
export function useOcrProgress(documentId: string | null, enabled = true): { progress: OcrProgress | null; live: boolean } {
  const [streamed, setStreamed] = useState<OcrProgress | null>(null);
  const [streamFailed, setStreamFailed] = useState(false);
  const active = Boolean(documentId) && enabled;

  useEffect(() => {
    setStreamed(null);
    setStreamFailed(false);
    if (!active || !documentId || typeof EventSource === 'undefined') {
      if (active) setStreamFailed(true);
      return;
    }
    const source = new EventSource(`${documentUrl(documentId)}/stream`, { withCredentials: true });
    source.onmessage = (e: MessageEvent<string>) => {
      let message: StreamMessage;
      try {
        message = JSON.parse(e.data) as StreamMessage;
      } catch {
        return;
      }
      if (message.phase === 'ocr') {
        const { phase: _phase, ...progress } = message;
        setStreamed(progress);
      }
      if (message.phase === 'done') source.close();
    };
    source.onerror = () => {
      // A closed stream after 'done' is normal; otherwise poll instead.
      source.close();
      setStreamFailed(true);
    };
    return () => source.close();
  }, [documentId, active]);

  const polled = useQuery<OcrProgress>({
    queryKey: ['/api/documents', documentId ?? '', 'ocr-progress'],
    queryFn: () => apiRequest<OcrProgress>('GET', `${documentUrl(documentId ?? '')}/ocr-progress`),
    enabled: active && streamFailed && !finished(streamed),
    staleTime: 0,
    refetchInterval: (q) => (finished(q.state.data) ? false : OCR_POLL_MS),
  });

  const progress = streamFailed ? (polled.data ?? streamed) : streamed;
  return { progress: progress ?? null, live: !streamFailed };
}

/** '3 min 20 s', '45 s', or null when unknown. */
export function formatEta(ms: number | null | undefined): string | null {
  if (ms == null || !Number.isFinite(ms) || ms < 0) return null;
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}
