// Run on the PDF worker thread (pdf-task.worker.ts, review-tasks.ts) once a file is open.
import { statSync } from 'node:fs';
import type { PdfDoc, SaveToFileOptions } from '../../engine/pdf/types.ts';
import { EngineError } from '../../engine/types.ts';
import { memoryRefusal } from './pdf-task.ts';

/**
 * Refuse, once the file is open, one whose output must be written whole (encrypted, or with active
 * content to take out) and would then need more memory than the task has: runPdfTask counted it as
 * an incremental update, all it could tell from the size alone.
 */
export function refuseWholeSave(doc: PdfDoc, t: { sourcePath: string; memoryMb?: number; incrementalFrom?: number; records?: Array<{ sourcePath: string }> }): void {
  if (!t.memoryMb) return;
  const method = doc.saveMethod(saveOptions(t));
  if (method.incremental) return;
  const refusal = memoryRefusal(statSync(t.sourcePath).size, t.memoryMb, {
    appendedBytes: (t.records ?? []).reduce((n, r) => n + statSync(r.sourcePath).size, 0),
    whole: method.whole,
    ...saveOptions(t),
  });
  if (refusal) throw new EngineError('too-large', refusal);
}

/** The options of PdfDoc.saveToFile (and saveMethod) a task was given. */
export function saveOptions(t: { incrementalFrom?: number }): SaveToFileOptions {
  return t.incrementalFrom === undefined ? {} : { incrementalFrom: t.incrementalFrom };
}
