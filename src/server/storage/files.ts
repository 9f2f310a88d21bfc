// Where PDFs and outputs live: $STORAGE_DIR/cases/<caseId>/documents/<documentId>/… Paths are built
// from database ids only (checked to be UUIDs), never from anything a user typed. Files are written
// under a temporary name and renamed, so a crash never leaves half a file under a real name. Only the
// server's own user may read them: the storage folder is 0700 (also one made by an older version),
// folders made in it 0700, files 0600 (the server's umask, main.ts, covers what the engine writes).
import { chmodSync, mkdirSync } from 'node:fs';
import { chmod, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { writeFileAtomic } from '../../engine/util/atomic-write.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const namePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,100}$/;

function checkId(id: string): string {
  if (!uuidPattern.test(id)) throw new Error(`not an id: ${JSON.stringify(id)}`);
  return id;
}

/** A folder only the owner may enter; a file only the owner may read. */
export const DIR_MODE = 0o700;
export const FILE_MODE = 0o600;

export class Storage {
  constructor(readonly root: string) {
    mkdirSync(root, { recursive: true, mode: DIR_MODE });
    try {
      chmodSync(root, DIR_MODE);
    } catch (err) {
      // a folder another user owns (a shared mount set up for it) keeps the mode its owner gave it
      const code = (err as { code?: string }).code;
      if (code !== 'EPERM' && code !== 'EROFS') throw err;
    }
  }

  caseDir(caseId: string): string {
    return join(this.root, 'cases', checkId(caseId));
  }

  documentDir(caseId: string, documentId: string): string {
    return join(this.caseDir(caseId), 'documents', checkId(documentId));
  }

  /** A file of a document; `name` is a fixed name chosen by the code (e.g. 'source.pdf'). */
  documentFile(caseId: string, documentId: string, name: string): string {
    if (!namePattern.test(name)) throw new Error(`not a file name: ${JSON.stringify(name)}`);
    return join(this.documentDir(caseId, documentId), name);
  }

  async writeAtomic(path: string, data: Buffer | Readable): Promise<void> {
    await writeFileAtomic(path, data);
    await chmod(path, FILE_MODE);
  }

  /** Moves a finished file to its real name (both built by documentFile), replacing what was there. */
  async rename(from: string, to: string): Promise<void> {
    await rename(from, to);
  }

  async removeCase(caseId: string): Promise<void> {
    await rm(this.caseDir(caseId), { recursive: true, force: true });
  }

  async removeDocument(caseId: string, documentId: string): Promise<void> {
    await rm(this.documentDir(caseId, documentId), { recursive: true, force: true });
  }
}
