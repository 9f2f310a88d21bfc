// Where PDFs and outputs live: $STORAGE_DIR/cases/<caseId>/documents/<documentId>/… Paths are built
// from database ids only (checked to be UUIDs), never from anything a user typed. Files are written
// under a temporary name and renamed, so a crash never leaves half a file under a real name.
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { writeFileAtomic } from '../../engine/util/atomic-write.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const namePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,100}$/;

function checkId(id: string): string {
  if (!uuidPattern.test(id)) throw new Error(`not an id: ${JSON.stringify(id)}`);
  return id;
}

export class Storage {
  constructor(readonly root: string) {}

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

  writeAtomic(path: string, data: Buffer | Readable): Promise<void> {
    return writeFileAtomic(path, data);
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
