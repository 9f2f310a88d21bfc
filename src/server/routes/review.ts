import type { TaskLimits } from '../documents/pdf-task.ts';
// Review calls of spec §7 and DESIGN §7: regenerate the reviewed PDF, approve or reject, the audit
// trail of a document, reanalyze with index pages set by hand, court submission and its files.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { downloadQuery, reanalyzeBody, reanalyzeCaseBody, reviewBody, submitToCourtBody } from '../../contract/review.ts';
import { requireUser } from '../auth/guard.ts';
import { contentDisposition } from '../documents/content-disposition.ts';
import type { DocumentDeps } from '../documents/intake.ts';
import { caseIdParams, documentById, documentRow, requireCase } from '../documents/queries.ts';
import { AppError, parseInput } from '../errors.ts';
import { reviewDocument } from '../review/approval.ts';
import { documentAudit } from '../review/audit-trail.ts';
import { reanalyzeCase, reanalyzeDocument } from '../review/reanalyze.ts';
import { regenerateDocument } from '../review/regenerate.ts';
import { caseSubmissions, submissionFile, submissionPackage, submitToCourt, type SubmissionFile } from '../review/submission.ts';
import { zipPackage } from '../review/zip-package.ts';
import { documentPreflight } from '../review/preflight.ts';
import { preflightQuery } from '../../contract/court-rules.ts';

const submissionParams = z.object({ id: z.uuid({ error: 'id must be a submission id' }) });

export function reviewRoutes(app: FastifyInstance, deps: DocumentDeps & { limits: TaskLimits }): void {
  const { db } = deps;

  app.post('/api/documents/:id/regenerate', async (req) => {
    const user = requireUser(req);
    return regenerateDocument(deps, user, await documentRow(db, req.params));
  });

  app.post('/api/documents/:id/review', async (req) => {
    const user = requireUser(req);
    const doc = await documentRow(db, req.params);
    await reviewDocument(db, user, doc.id, parseInput(reviewBody, req.body));
    return documentById(db, doc.id);
  });

  app.get('/api/documents/:id/preflight', async (req) => {
    requireUser(req);
    const { profile } = parseInput(preflightQuery, req.query);
    return documentPreflight(deps, await documentRow(db, req.params), profile);
  });

  app.get('/api/documents/:id/audit', async (req) => documentAudit(db, (await documentRow(db, req.params)).id));

  app.post('/api/documents/:id/reanalyze', async (req) => {
    const user = requireUser(req);
    const doc = await documentRow(db, req.params);
    await reanalyzeDocument(deps, user, doc, parseInput(reanalyzeBody, req.body));
    return documentById(db, doc.id);
  });

  app.post('/api/cases/:caseId/reanalyze', async (req, reply) => {
    const user = requireUser(req);
    const { caseId } = parseInput(caseIdParams, req.params);
    await requireCase(db, caseId);
    const queued = await reanalyzeCase(deps, user, caseId, parseInput(reanalyzeCaseBody, req.body));
    return reply.code(202).send({ queued });
  });

  app.post('/api/documents/submit-to-court', async (req, reply) => {
    const user = requireUser(req);
    const body = parseInput(submitToCourtBody, req.body);
    const submissions = await submitToCourt(deps, user, body.documentIds, body.courtInfo);
    return reply.code(201).send({ submissions });
  });

  app.get('/api/cases/:caseId/submissions', async (req) => {
    const { caseId } = parseInput(caseIdParams, req.params);
    await requireCase(db, caseId);
    return caseSubmissions(db, caseId);
  });

  const fileRoute = (suffix: string, file: SubmissionFile) =>
    app.get(`/api/submissions/:id/${suffix}`, async (req, reply) => {
      const { id } = parseInput(submissionParams, req.params);
      const { disposition } = parseInput(downloadQuery.pick({ disposition: true }), req.query);
      const f = await submissionFile(db, deps.storage, id, file);
      const info = await stat(f.path).catch(() => null);
      if (!info) throw new AppError('not_found', 'The file of this submission is missing');
      return reply
        .header('content-type', f.type)
        .header('content-length', info.size)
        .header('content-disposition', contentDisposition(f.name, disposition))
        .header('cache-control', 'private, no-store')
        .send(createReadStream(f.path));
    });
  app.get('/api/submissions/:id/package.zip', async (req, reply) => {
    const { id } = parseInput(submissionParams, req.params);
    const pkg = await submissionPackage(db, deps.storage, id);
    for (const f of pkg.files) if (!(await stat(f.path).catch(() => null))) throw new AppError('not_found', 'A file of this submission is missing');
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', contentDisposition(pkg.name, 'attachment'))
      .header('cache-control', 'private, no-store')
      .send(Readable.from(zipPackage(pkg.files, pkg.submittedAt, pkg.head)));
  });
  fileRoute('pdf', 'pdf');
  fileRoute('report.pdf', 'report.pdf');
  fileRoute('report.csv', 'report.csv');
}
