// Chat calls (spec §7): conversations about a document or general, their messages and the assistant's
// replies; and for support, every conversation kept as feedback (GET /api/chat/feedback, listed on
// System Status) and its export (GET /api/chat/export?format=csv|json). Signed-in only, like all of /api.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { conversationsQuery, createConversationBody, exportQuery, sendMessageBody } from '../../contract/chat.ts';
import { requireUser } from '../auth/guard.ts';
import { createConversation, feedbackCsv, listConversations, listFeedback, listMessages, sendMessage, type ChatDeps } from '../chat/conversations.ts';
import { contentDisposition } from '../documents/content-disposition.ts';
import { parseInput } from '../errors.ts';

const conversationParams = z.object({ id: z.uuid({ error: 'id must be a conversation id' }) });
const EXPORT_LIMIT = 10_000;
const MESSAGES_PER_MINUTE = 60;

export function chatRoutes(app: FastifyInstance, deps: ChatDeps): void {
  const { db } = deps;

  app.post('/api/chat/conversations', async (req, reply) => {
    const user = requireUser(req);
    const body = parseInput(createConversationBody, req.body);
    return reply.code(201).send(await createConversation(db, user, body));
  });

  app.get('/api/chat/conversations', async (req) => {
    requireUser(req);
    return listConversations(db, parseInput(conversationsQuery, req.query));
  });

  app.get('/api/chat/conversations/:id/messages', async (req) => {
    requireUser(req);
    const { id } = parseInput(conversationParams, req.params);
    return listMessages(db, id);
  });

  // Each message may cost a model call: at most MESSAGES_PER_MINUTE from one address.
  app.post('/api/chat/conversations/:id/messages', { config: { rateLimit: { max: MESSAGES_PER_MINUTE, timeWindow: '1 minute' } } }, async (req, reply) => {
    requireUser(req);
    const { id } = parseInput(conversationParams, req.params);
    const { message } = parseInput(sendMessageBody, req.body);
    return reply.code(201).send(await sendMessage({ ...deps, log: req.log }, id, message));
  });

  app.get('/api/chat/feedback', async (req) => {
    requireUser(req);
    return listFeedback(db, { withReports: false });
  });

  app.get('/api/chat/export', async (req, reply) => {
    requireUser(req);
    const { format } = parseInput(exportQuery, req.query);
    const items = await listFeedback(db, { withReports: true, limit: EXPORT_LIMIT });
    const day = new Date().toISOString().slice(0, 10);
    reply.header('cache-control', 'no-store');
    if (format === 'json') {
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', contentDisposition(`brieflink-feedback-${day}.json`))
        .send(JSON.stringify({ exportedAt: new Date().toISOString(), conversations: items }, null, 2));
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition(`brieflink-feedback-${day}.csv`))
      .send(feedbackCsv(items));
  });
}
