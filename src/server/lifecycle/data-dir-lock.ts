// One process owns a DATA_DIR: an exclusive lock file holding the owner's pid. A lock whose pid is no
// longer running (the owner was killed) is stale and taken over.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { processAlive } from './process-alive.ts';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export interface DataDirLock {
  path: string;
  release(): void;
}

export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'brieflink.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o644);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      let released = false;
      return {
        path,
        release() {
          if (released) return;
          released = true;
          try {
            if (readFileSync(path, 'utf8').trim() === String(process.pid)) rmSync(path);
          } catch {
            // already gone
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let owner = NaN;
    try {
      owner = Number(readFileSync(path, 'utf8').trim());
    } catch {
      continue; // removed between our open and read: try again
    }
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && processAlive(owner)) {
      throw new DataDirLockedError(
        `Another Brieflink process (pid ${owner}) is already using the data directory ${dataDir}. ` +
          `Stop it first, or start this one with a different DATA_DIR.`,
      );
    }
    rmSync(path, { force: true }); // stale: its owner is gone
  }
  throw new DataDirLockedError(`Could not take the lock ${path}`);
}
