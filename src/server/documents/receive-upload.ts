// Receives one uploaded PDF from a multipart request without ever holding it whole in memory: the
// bytes stream to a temporary file while their SHA-256 is computed, the content is checked to be a
// PDF from its first bytes, and the size limit is enforced as the bytes arrive. On any failure
// (not a PDF, too large, client gone) the temporary file is removed.
import type { MultipartFile } from '@fastify/multipart';
import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { DIR_MODE, FILE_MODE } from '../storage/files.ts';

export const NOT_PDF_MESSAGE = 'Please select a PDF file.';
export const ONE_FILE_MESSAGE = 'Send one PDF per upload request; each file is uploaded on its own.';
const MAGIC = Buffer.from('%PDF-');
const HEAD_BYTES = 1024;

export interface ReceivedFile {
  tempPath: string;
  fileName: string;
  size: number;
  sha256: string;
}

export interface ReceivedUpload {
  file: ReceivedFile | null;
  fields: Record<string, string>;
}

class PdfCheck extends Transform {
  readonly hash = createHash('sha256');
  size = 0;
  private head: Buffer[] = [];
  private headSize = 0;
  private checked = false;
  constructor(private readonly maxBytes: number) {
    super();
  }
  private check(): Error | null {
    this.checked = true;
    const head = Buffer.concat(this.head).subarray(0, HEAD_BYTES);
    this.head = [];
    return head.indexOf(MAGIC) >= 0 ? null : new AppError('validation', NOT_PDF_MESSAGE, 'file');
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      const mb = Math.round(this.maxBytes / 1024 / 1024);
      return done(new AppError('payload_too_large', `The file is larger than the ${mb} MB upload limit.`, 'file'));
    }
    if (!this.checked) {
      this.head.push(chunk);
      this.headSize += chunk.length;
      if (this.headSize >= HEAD_BYTES) {
        const err = this.check();
        if (err) return done(err);
      }
    }
    this.hash.update(chunk);
    done(null, chunk);
  }
  override _flush(done: TransformCallback): void {
    if (!this.checked) {
      const err = this.check();
      if (err) return done(err);
    }
    done();
  }
}

/** Part files an upload of this process is writing or about to place; the sweeper leaves them alone. */
const owned = new Set<string>();

/** Whether an upload of this process still owns the part file (see reaper.ts). */
export function isOwnedUpload(path: string): boolean {
  return owned.has(path);
}

/** The upload is done with its part file (placed, or removed). */
export function releaseUpload(path: string): void {
  owned.delete(path);
}

/** Removes a received file that will not be kept. */
export async function discardUpload(file: ReceivedFile): Promise<void> {
  await rm(file.tempPath, { force: true });
  releaseUpload(file.tempPath);
}

async function receiveFile(part: MultipartFile, uploadDir: string, maxBytes: number): Promise<ReceivedFile> {
  await mkdir(uploadDir, { recursive: true, mode: DIR_MODE });
  const tempPath = join(uploadDir, `${randomUUID()}.part`);
  owned.add(tempPath);
  const check = new PdfCheck(maxBytes);
  const out = createWriteStream(tempPath, { mode: FILE_MODE });
  try {
    await pipeline(part.file, check, out);
  } catch (err) {
    // the file may still be opening when the pipeline fails: removed only once its stream is closed, or
    // the open would bring it back after the removal
    if (!out.closed) await once(out, 'close').catch(() => undefined);
    await rm(tempPath, { force: true });
    releaseUpload(tempPath);
    if (err instanceof AppError) {
      part.file.resume(); // let the rest of the request drain so the answer can be sent
      throw err;
    }
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('payload_too_large', `The file is larger than the ${Math.round(maxBytes / 1048576)} MB upload limit.`, 'file');
    }
    throw err;
  }
  // The name is only ever shown and stored, never a path; control characters (NUL) cannot be stored.
  const fileName = (part.filename ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim() || 'document.pdf';
  return { tempPath, fileName, size: check.size, sha256: check.hash.digest('hex') };
}

/**
 * Reads every part of the request: the one `file` streamed to disk, the text fields kept. A body that
 * stalls or takes too long has its connection closed (http/body-deadlines.ts): its part file is removed.
 */
export async function receiveUpload(req: FastifyRequest, uploadDir: string, maxBytes: number): Promise<ReceivedUpload> {
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          continue;
        }
        file = await receiveFile(part, uploadDir, maxBytes);
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (file) {
      await rm(file.tempPath, { force: true });
      releaseUpload(file.tempPath);
    }
    if (err instanceof AppError) throw err;
    const e = err as { code?: string; statusCode?: number; message?: string };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('payload_too_large', `The file is larger than the ${Math.round(maxBytes / 1048576)} MB upload limit.`, 'file');
    }
    if (e.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('validation', 'Send the file as multipart/form-data', 'file');
    // the multipart reader allows one file (and a few fields) per request; say so instead of 'reach files limit'
    if (e.code === 'FST_FILES_LIMIT') throw new AppError('validation', ONE_FILE_MESSAGE, 'file');
    if (e.code === 'FST_FIELDS_LIMIT' || e.code === 'FST_PARTS_LIMIT') throw new AppError('validation', 'The upload has more form fields than it may', 'file');
    throw err;
  }
  return { file, fields };
}
