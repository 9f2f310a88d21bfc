// Reads behind the screens of spec §2 that span documents: the review queue, one document with its
// links and record (index viewer, case workspace), the briefs of a case, and its detection diagnostics.
// Signed-in only; every document is named by an id or a file name looked up in the database.
import type { FastifyInstance } from 'fastify';
import type { CaseDiagnostics, LinkedDocument, PageLabels, ReviewQueueRow, WorkspaceBriefs } from '../../contract/screens.ts';
import { viewerParams } from '../../contract/screens.ts';
import { requireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { caseIdParams, documentRow, requireCase } from '../documents/queries.ts';
import { parseInput } from '../errors.ts';
import { caseDiagnostics } from '../screens/diagnostics.ts';
import { pageLabelsOf } from '../screens/page-labels.ts';
import { caseBriefs, linkedDocument, resolveDocument } from '../screens/linked-document.ts';
import { reviewQueue } from '../screens/review-queue.ts';
import type { Storage } from '../storage/files.ts';

export function screenRoutes(app: FastifyInstance, db: Db, storage: Storage): void {
  app.get('/api/review-queue', async (req): Promise<ReviewQueueRow[]> => {
    requireUser(req);
    return reviewQueue(db);
  });

  app.get('/api/linked-documents/:filename', async (req): Promise<LinkedDocument> => {
    requireUser(req);
    const { filename } = parseInput(viewerParams, req.params);
    return linkedDocument(db, await resolveDocument(db, filename));
  });

  app.get('/api/cases/:caseId/workspace', async (req): Promise<WorkspaceBriefs> => {
    requireUser(req);
    const { caseId } = parseInput(caseIdParams, req.params);
    await requireCase(db, caseId);
    return { briefs: await caseBriefs(db, caseId) };
  });

  app.get('/api/cases/:caseId/diagnostics', async (req): Promise<CaseDiagnostics> => {
    requireUser(req);
    const { caseId } = parseInput(caseIdParams, req.params);
    return caseDiagnostics(db, storage, caseId);
  });

  app.get('/api/documents/:id/page-labels', async (req): Promise<PageLabels> => {
    requireUser(req);
    return pageLabelsOf(storage, await documentRow(db, req.params));
  });
}
