// The sample case's three documents, generated (never stored in the repository): a 63-tab main brief
// of about 1,240 pages with an 8-page index (pages 2-9), a 13-tab supplementary brief of about 400
// pages (index on page 2) whose tabs 9-13 are in the trial record, and that 5-item trial record (index on
// pages 2-3) whose items start on pages marked *T9 … *T13 (generate-paired.ts). `size: 'small'` keeps
// the same structure (tabs, index pages, markers) with short documents, for tests that need no more.
import { startTsWorker } from '../../engine/util/worker.ts';
import type { DocLook } from './generator/pdf-writer.ts';
import { generateTabbed } from './generator/tabbed.ts';
import { generateBriefAndRecord } from './generate-paired.ts';
import type { Truth } from './generator/types.ts';
import { sampleKeys, type SampleKey } from '../../contract/hyperlinks.ts';

export type SampleSize = 'full' | 'small';

export interface SampleDocument {
  key: SampleKey;
  /** The file name the document is stored under; the sample case finds its documents by it. */
  fileName: string;
  title: string;
  kind: 'brief' | 'record';
  bytes: Uint8Array;
  truth: Truth;
}

const TIMES_LETTER: DocLook = { family: 'times', paper: 'letter', margin: 72, marginY: 72, bodySize: 12, leading: 1.5 };
const numbers = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));

export const SAMPLE_FILES: Record<SampleKey, { fileName: string; title: string; kind: 'brief' | 'record' }> = {
  supp13: { fileName: 'sample-supplementary-brief-13-tabs.pdf', title: 'Supplementary Brief (13 tabs)', kind: 'brief' },
  doc63: { fileName: 'sample-main-brief-63-tabs.pdf', title: 'Main Brief (63 tabs)', kind: 'brief' },
  tr5: { fileName: 'sample-trial-record-5-items.pdf', title: 'Trial Record (5 items)', kind: 'record' },
};

async function generateMain(size: SampleSize): Promise<{ bytes: Uint8Array; truth: Truth }> {
  const docs = await generateTabbed({ seed: 'sample-doc63', look: TIMES_LETTER, labels: numbers(63), dividers: { word: 'TAB', size: 44 },
    index: 'dotted', heading: 'INDEX', continuedTitle: 'INDEX (continued)', pageRefs: true, printed: 'cover',
    bodyPages: size === 'full' ? [12, 25] : [1, 2], maxRowsPerPage: 8, coverTitle: 'JOINT BOOK OF DOCUMENTS' });
  return { bytes: docs.brief, truth: docs.truth };
}

export async function generateSampleDocuments(size: SampleSize): Promise<SampleDocument[]> {
  const full = size === 'full';
  const paired = await generateBriefAndRecord({ seed: 'sample-supp13-tr5', look: TIMES_LETTER,
    briefBody: full ? [43, 53] : [1, 3], recordBody: full ? [8, 14] : [2, 4] });
  const parts: Record<SampleKey, { bytes: Uint8Array; truth: Truth }> = { supp13: paired.brief, doc63: await generateMain(size), tr5: paired.record };
  return sampleKeys.map((key) => ({ key, ...SAMPLE_FILES[key], ...parts[key] }));
}

/** The same on a worker thread (generate.worker.ts): the caller's event loop stays free. */
export function generateSampleOnWorker(size: SampleSize): Promise<SampleDocument[]> {
  return new Promise((resolve, reject) => {
    const worker = startTsWorker(new URL('./generate.worker.ts', import.meta.url), { size });
    let settled = false;
    worker.once('message', (m: { ok: true; docs: SampleDocument[] } | { ok: false; error: string }) => {
      settled = true;
      if (m.ok) resolve(m.docs.map((d) => ({ ...d, bytes: new Uint8Array(d.bytes) })));
      else reject(new Error(`The sample documents could not be generated: ${m.error}`));
      void worker.terminate();
    });
    worker.once('error', (err) => {
      if (!settled) reject(err);
      settled = true;
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`The sample generator stopped (exit code ${code})`));
      settled = true;
    });
  });
}
