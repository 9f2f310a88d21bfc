// Writes a file under a temporary name in the same folder, then renames it into place, so a crash or a
// failed write never leaves half a file under the real name. Makes the folder when missing.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export async function writeFileAtomic(path: string, data: string | Uint8Array | Readable): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    if (typeof data === 'string' || data instanceof Uint8Array) await writeFile(temp, data);
    else await pipeline(data, createWriteStream(temp));
    await rename(temp, path);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}
