/**
 * POST /api/upload/document with XMLHttpRequest, for its upload progress (spec §7). Progress starts at
 * 10% the moment the request is sent (spec §9). Any 2xx is success. Errors carry the spec §8 messages:
 * the server's error field, else 'Upload failed ({status})', else 'Upload failed: {statusText}';
 * 'Invalid response format' for an unreadable success body; 'Network error during upload'.
 */
import type { DocumentRecord } from './document-types.ts';

export const UPLOAD_START_PERCENT = 10;

export interface UploadHandle {
  promise: Promise<DocumentRecord | null>;
  abort: () => void;
}

/** The message for a non-2xx upload answer (spec §8). */
export function uploadFailureMessage(status: number, statusText: string, bodyText: string): string {
  try {
    const body: unknown = JSON.parse(bodyText);
    if (body && typeof body === 'object') {
      const { message, error } = body as { message?: unknown; error?: unknown };
      if (typeof message === 'string' && message) return message;
      // the error field when it is words; a bare code such as 'conflict' is no sentence for a person
      if (typeof error === 'string' && /\S\s+\S/.test(error.trim())) return error.trim();
    }
  } catch {
    // not JSON
  }
  if (status) return `Upload failed (${status})`;
  return `Upload failed: ${statusText}`;
}

/** The created document from a 2xx body: the document itself or `{ document }`. */
function documentFrom(body: unknown): DocumentRecord | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as { id?: unknown; document?: unknown };
  if (typeof b.id === 'string') return body as DocumentRecord;
  if (b.document && typeof b.document === 'object') return documentFrom(b.document);
  return null;
}

export interface UploadDetails {
  title?: string;
  alias?: string;
  /** 'record' uploads a trial record. */
  kind?: 'brief' | 'record';
  /** A brief's trial record (a record of the same case). */
  recordDocumentId?: string;
  /** A record's short name as briefs cite it (`AB`, `ER`, `Smith Affidavit`), and its volume. */
  citeAs?: string;
  volume?: string;
}

export function uploadDocument(file: File, caseId: string, details: UploadDetails, onProgress: (percent: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<DocumentRecord | null>((resolve, reject) => {
    xhr.open('POST', '/api/upload/document');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (!e.lengthComputable || e.total === 0) return;
      // Sending is 10–95%; the last part waits for the server to store the file and answer.
      onProgress(Math.max(UPLOAD_START_PERCENT, Math.min(95, Math.round(UPLOAD_START_PERCENT + (e.loaded / e.total) * 85))));
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new Error(uploadFailureMessage(xhr.status, xhr.statusText, xhr.responseText)));
        return;
      }
      if (!xhr.responseText) {
        resolve(null);
        return;
      }
      try {
        resolve(documentFrom(JSON.parse(xhr.responseText)));
      } catch {
        reject(new Error('Invalid response format'));
      }
    };
    xhr.onerror = () => reject(new Error('Network error during upload'));
    xhr.onabort = () => reject(new Error('Upload cancelled'));
    const form = new FormData();
    // text fields first, so the server knows the case before the file's bytes arrive.
    form.append('caseId', caseId);
    if (details.title?.trim()) form.append('title', details.title.trim());
    if (details.alias?.trim()) form.append('alias', details.alias.trim());
    if (details.kind) form.append('kind', details.kind);
    if (details.recordDocumentId) form.append('recordDocumentId', details.recordDocumentId);
    if (details.citeAs?.trim()) form.append('citeAs', details.citeAs.trim());
    if (details.volume?.trim()) form.append('volume', details.volume.trim());
    form.append('file', file, file.name);
    onProgress(UPLOAD_START_PERCENT);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

/** PDF only, by type or, when the browser gives none, by name (spec §5); others are silently ignored. */
export function isPdfFile(file: File): boolean {
  if (file.type) return file.type === 'application/pdf';
  return file.name.toLowerCase().endsWith('.pdf');
}

export function formatMb(bytes: number, digits = 2): string {
  return `${(bytes / (1024 * 1024)).toFixed(digits)} MB`;
}
