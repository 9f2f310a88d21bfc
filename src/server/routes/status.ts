// System Status calls (spec §7): the summary and the recent documents, signed-in only; and the issue
// reports ('Report an Issue') that the status page lists.
import type { FastifyInstance } from 'fastify';
import { issueReportBody, recentDocsQuery, type IssueReport, type RecentDocs, type StatusSummary } from '../../contract/status.ts';
import { requireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { parseInput } from '../errors.ts';
import { createIssueReport, listIssueReports } from '../status/issue-reports.ts';
import { recentDocuments, statusSummary } from '../status/summary.ts';
import type { QueueState } from './health.ts';

export function statusRoutes(app: FastifyInstance, db: Db, queueState: () => Promise<QueueState>): void {
  app.get('/api/status/summary', async (req): Promise<StatusSummary> => {
    requireUser(req);
    return statusSummary(db, queueState);
  });

  app.get('/api/status/recent-docs', async (req): Promise<RecentDocs> => {
    requireUser(req);
    const { limit } = parseInput(recentDocsQuery, req.query);
    return { items: await recentDocuments(db, limit) };
  });

  app.get('/api/status/issue-reports', async (req): Promise<IssueReport[]> => {
    requireUser(req);
    return listIssueReports(db);
  });

  // room for the optional screenshot (SCREENSHOT_MAX_BYTES, base64 in JSON)
  app.post('/api/issue-reports', { bodyLimit: 4 * 1024 * 1024 }, async (req, reply) => {
    const user = requireUser(req);
    const body = parseInput(issueReportBody, req.body);
    return reply.code(201).send(await createIssueReport(db, user, body));
  });
}
