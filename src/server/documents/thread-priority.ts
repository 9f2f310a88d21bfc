// Lowers the scheduling priority of the calling thread (Linux: a thread is a task with its own nice
// value, and threads it starts inherit it). PDF worker threads run below the event loop, so when the
// cores are busy the API keeps answering and the PDF work takes what is left. Elsewhere: no effect.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

export const PDF_THREAD_NICE = 5;

export function lowerThreadPriority(nice = PDF_THREAD_NICE): boolean {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}
