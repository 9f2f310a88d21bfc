// PDFs of generated structure, valid and damaged (resources absent or inherited, nested page trees,
// object streams, incremental updates, broken cross-references MuPDF repairs, wrong /Length, files cut
// short): each read by the engine as the server reads an upload is read or refused with the engine's
// reason, never an internal error; and a few of them uploaded end as completed, or failed saying the
// PDF is damaged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfVariants, writeVariant, type VariantShape } from '../fixtures/pdf-variants.ts';
import { readOrRefuse } from '../fixtures/read-or-refuse.ts';
import { openCaseSession, type CaseSession } from '../api/support/case-session.ts';
import { processed, upload, waitForDocument } from '../api/support/documents.ts';
import { figures } from './support/server.ts';

const FILES = 200;
const SEED = 10_000;

const base: VariantShape = {
  pages: 2, tree: 'nested', resources: 'page', form: 'none', geometry: 'inherited', compress: true,
  length: 'right', objectStreams: false, update: false, xref: 'right', keep: 1, oddTree: 'none',
};

/** The kid of the root page node cut off: the file's only page is missing. */
function missingPage(): Uint8Array {
  const bytes = writeVariant({ ...base, pages: 1, tree: 'deep' }, 2);
  return bytes.subarray(0, Buffer.from(bytes).indexOf('\n5 0 obj') + 1);
}

describe('generated PDF structures', () => {
  let s: CaseSession;
  beforeAll(async () => {
    s = await openCaseSession();
  });
  afterAll(async () => s?.close());

  it('are read or refused with a reason, never an internal error, by the engine and through the server', async () => {
    const started = Date.now();
    const counts = { read: 0, refused: 0, internal: 0 };
    const internal: string[] = [];
    for (const v of pdfVariants(SEED, FILES)) {
      const out = await readOrRefuse(v.bytes);
      counts[out.outcome]++;
      if (out.outcome === 'internal') internal.push(`seed ${v.seed} ${JSON.stringify(v.shape)}: ${out.error}`);
    }
    const engineMs = Date.now() - started;
    expect(internal).toEqual([]);
    expect(counts.read).toBeGreaterThan(FILES / 2);
    expect(counts.refused).toBeGreaterThan(0);

    // through the server: processed from the file on disk, in the PDF worker
    const uploads: Array<{ name: string; bytes: Uint8Array; read: boolean }> = [
      { name: 'no-resources.pdf', bytes: writeVariant({ ...base, resources: 'absent' }, 1), read: true },
      { name: 'form-without-resources.pdf', bytes: writeVariant({ ...base, form: 'no-resources', objectStreams: true, update: true }, 1), read: true },
      { name: 'missing-page.pdf', bytes: missingPage(), read: false },
    ];
    const { t, cookie, caseId } = s;
    let completed = 0;
    let failed = 0;
    for (const u of uploads) {
      const doc = (await upload(t.app, cookie, caseId, u.bytes, u.name)).json();
      const done = await waitForDocument(t.app, cookie, doc.id, processed);
      if (u.read) expect(done, u.name).toMatchObject({ status: 'completed', pageCount: 2 });
      else expect(done, u.name).toMatchObject({ status: 'failed', failureReason: 'This PDF is damaged and cannot be read. Export it again from its source and reupload it.' });
      if (done.status === 'completed') completed++;
      else failed++;
    }
    figures('PDF structure fuzz', {
      files: FILES,
      read: counts.read,
      refused: counts.refused,
      internalErrors: counts.internal,
      engineMs,
      uploadsCompleted: completed,
      uploadsRefused: failed,
      ms: Date.now() - started,
    });
  });
});
