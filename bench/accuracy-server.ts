import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IndexItemRecord, LinkRecord } from '../src/contract/documents.ts';
import type { ItemType } from '../src/engine/types.ts';
import { realScan } from '../test/fixtures/real-scans.ts';
import { scoreLinked, type LinkedIndex, type RealScore, type RealTruth } from '../test/fixtures/score-real.ts';
import { signUpClient, startBenchServer, type BenchServer } from './bench-server.ts';

/**
 * The server's path on the scanned copies of the real filings: each scan uploaded to the real server
 * (`node bin/start.js`) as a user would, read there, linked by "Start hyperlinking", and scored from what
 * the API shows (index items, links) and the linked PDF it serves, read back.
 */
export async function serverScans(): Promise<{ score(name: string, truth: RealTruth): Promise<RealScore>; stop(): Promise<void> }> {
  const work = mkdtempSync(join(tmpdir(), 'brieflink-accuracy-server-'));
  chmodSync(work, 0o755); // the embedded PostgreSQL runs as "postgres" when this runs as root
  const srv: BenchServer = await startBenchServer(work);
  const { json, uploadBytes, waitDoc, cookie } = await signUpClient(srv.base, 500);
  const caseId = (await json('POST', '/api/cases', { caseNumber: `ACC-${Date.now()}`, title: 'Accuracy of scans' })).id as string;
  return {
    async score(name, truth) {
      const scan = await realScan(name);
      const t0 = performance.now();
      const created = await uploadBytes(caseId, scan, `${name}.pdf`);
      const doc = await waitDoc(created.id, (d) => d.status === 'completed' || d.status === 'failed');
      let review: LinkedIndex = { index: { pages: [], items: [] }, links: [] };
      let pdf = scan;
      if (doc.index_status === 'ok' && doc.index_count > 0) {
        await json('POST', '/api/documents/start-hyperlinking', { documentIds: [created.id] });
        const items: IndexItemRecord[] = await json('GET', `/api/documents/${created.id}/index-items`);
        const links: LinkRecord[] = await json('GET', `/api/documents/${created.id}/links`);
        review = {
          index: {
            pages: [...new Set(links.map((l) => l.srcPage))].sort((a, b) => a - b),
            items: items.map((i) => ({ ordinal: i.ordinal, label: i.label, type: i.type as ItemType, text: i.text, page: i.page, bbox: i.bbox ?? [0, 0, 0, 0] })),
          },
          links: links.filter((l) => l.itemOrdinal !== null && l.bbox).map((l) => ({
            item: l.itemOrdinal!, srcPage: l.srcPage, bbox: l.bbox!, target: l.target, targetPage: l.targetPage, masterPage: l.masterPage,
            confidence: Number(l.confidence), why: l.why ?? '', status: 'auto' as const,
          })),
        };
        const res = await fetch(`${srv.base}/api/documents/${created.id}/download?version=engine`, { headers: { cookie } });
        pdf = new Uint8Array(await res.arrayBuffer());
      }
      return scoreLinked(name, truth, review, pdf, performance.now() - t0, doc.index_status === 'ok' ? undefined : `index ${doc.index_status}`);
    },
    async stop() {
      await srv.stop();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
