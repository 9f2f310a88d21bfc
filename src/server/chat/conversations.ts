// Chat conversations and messages (spec §3, §5, §7): a conversation about a document or general, the
// person's messages and the assistant's replies, all kept as feedback for support (listed on System
// Status, exported as CSV or JSON). 'Report an Issue' stores its reports in the same tables under its own
// title (status/issue-reports.ts); those are not chat conversations here, but the export carries them too.
import { and, asc, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { displayName } from '../../contract/auth.ts';
import {
  CHAT_TITLES,
  DOCUMENT_CHAT_TITLE,
  type ChatConversation,
  type ChatFeedback,
  type ChatMessage,
  type ChatRole,
  type SendMessageResponse,
} from '../../contract/chat.ts';
import { ISSUE_REPORT_TITLE } from '../../contract/status.ts';
import { recordAudit } from '../audit.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { AssistantConfig } from '../config.ts';
import { caseNotTrashed } from '../cases/trash.ts';
import type { Db } from '../db/client.ts';
import { cases, chatConversations, chatMessages, documents, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { Storage } from '../storage/files.ts';
import { builtInAnswer, factsText } from './answer.ts';
import { documentFacts } from './facts.ts';
import { askModel, modelMessages, ModelError } from './model.ts';

export interface ChatDeps {
  db: Db;
  storage: Storage;
  assistant: AssistantConfig | undefined;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export const MODEL_FALLBACK_NOTE = 'The assistant model could not be reached, so this answer comes from Brieflink’s own reading of the document.';
const FEEDBACK_LIMIT = 100;
const isChat = inArray(chatConversations.title, [...CHAT_TITLES]);

type ConversationRow = typeof chatConversations.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

const toConversation = (c: ConversationRow): ChatConversation => ({
  id: c.id,
  documentId: c.documentId,
  caseId: c.caseId,
  title: c.title,
  createdAt: c.createdAt.toISOString(),
});
const toMessage = (m: MessageRow): ChatMessage => ({ id: m.id, role: m.role as ChatRole, content: m.content, createdAt: m.createdAt.toISOString() });

export async function createConversation(
  db: Db,
  user: SessionUser,
  body: { documentId: string | null; caseId: string | null; title: string },
): Promise<ChatConversation> {
  let caseId = body.caseId;
  if (body.documentId) {
    const [doc] = await db.select({ caseId: documents.caseId }).from(documents).where(and(eq(documents.id, body.documentId), caseNotTrashed));
    if (!doc) throw new AppError('not_found', 'Document not found', 'documentId');
    if (caseId && caseId !== doc.caseId) throw new AppError('validation', 'The document is not in that case', 'caseId');
    caseId = doc.caseId;
  } else {
    if (body.title === DOCUMENT_CHAT_TITLE) throw new AppError('validation', `A '${DOCUMENT_CHAT_TITLE}' needs a documentId`, 'documentId');
    if (caseId) {
      const [c] = await db.select({ id: cases.id }).from(cases).where(and(eq(cases.id, caseId), isNull(cases.deletedAt)));
      if (!c) throw new AppError('not_found', 'Case not found', 'caseId');
    }
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(chatConversations)
      .values({ documentId: body.documentId, caseId, title: body.title, createdBy: user.id })
      .returning();
    await recordAudit(tx, user, 'chat-start', 'chat_conversation', row!.id, null, { documentId: body.documentId, caseId, title: body.title });
    return toConversation(row!);
  });
}

/** Chat conversations, newest first: of a document, or of a case (with no document), or all general ones. */
export async function listConversations(db: Db, q: { documentId?: string; caseId?: string }): Promise<ChatConversation[]> {
  const where: SQL[] = [isChat];
  if (q.documentId) where.push(eq(chatConversations.documentId, q.documentId));
  else if (q.caseId) where.push(eq(chatConversations.caseId, q.caseId), isNull(chatConversations.documentId));
  else where.push(isNull(chatConversations.documentId), isNull(chatConversations.caseId));
  const rows = await db.select().from(chatConversations).where(and(...where)).orderBy(desc(chatConversations.createdAt)).limit(FEEDBACK_LIMIT);
  return rows.map(toConversation);
}

async function conversation(db: Db, id: string): Promise<ConversationRow> {
  const [row] = await db.select().from(chatConversations).where(and(eq(chatConversations.id, id), isChat));
  if (!row) throw new AppError('not_found', 'Conversation not found');
  return row;
}

export async function listMessages(db: Db, id: string): Promise<ChatMessage[]> {
  await conversation(db, id);
  const rows = await db.select().from(chatMessages).where(eq(chatMessages.conversationId, id)).orderBy(asc(chatMessages.createdAt));
  return rows.map(toMessage);
}

/** Stores the person's message, answers it (the model when configured and reachable, else built in) and stores the reply. */
export async function sendMessage(deps: ChatDeps, id: string, text: string): Promise<SendMessageResponse> {
  const { db } = deps;
  const conv = await conversation(db, id);
  const earlier = await db.select().from(chatMessages).where(eq(chatMessages.conversationId, id)).orderBy(asc(chatMessages.createdAt));
  const [message] = await db.insert(chatMessages).values({ conversationId: id, role: 'user', content: text }).returning();
  const facts = conv.documentId ? await documentFacts(db, deps.storage, conv.documentId) : null;
  const caseLink = conv.caseId ? `/cases/${conv.caseId}/reanalyze` : null;
  const first = !earlier.some((m) => m.role === 'assistant');
  let content: string | null = null;
  let answeredBy: SendMessageResponse['answeredBy'] = 'built-in';
  if (deps.assistant) {
    try {
      const history = earlier.map((m) => ({ role: m.role === 'assistant' ? ('assistant' as const) : ('user' as const), content: m.content }));
      content = await askModel(deps.assistant, modelMessages(factsText(facts, caseLink), history, text));
      answeredBy = 'model';
    } catch (err) {
      if (!(err instanceof ModelError)) throw err;
      deps.log.warn({ conversationId: id, reason: err.message }, 'assistant model failed; answered built in');
    }
  }
  if (content === null) {
    content = builtInAnswer(text, facts, { caseLink, first });
    if (deps.assistant) content = `${content}\n\n(${MODEL_FALLBACK_NOTE})`;
  }
  const [reply] = await db.insert(chatMessages).values({ conversationId: id, role: 'assistant', content }).returning();
  return { message: toMessage(message!), reply: toMessage(reply!), answeredBy };
}

/** Conversations as support reads them, newest first: chat conversations, and with `withReports` the issue reports too. */
export async function listFeedback(db: Db, opts: { withReports: boolean; limit?: number }): Promise<ChatFeedback[]> {
  const titles = opts.withReports ? [...CHAT_TITLES, ISSUE_REPORT_TITLE] : [...CHAT_TITLES];
  const convs = await db
    .select({ conv: chatConversations, doc: { title: documents.title }, c: { caseNumber: cases.caseNumber }, by: users })
    .from(chatConversations)
    .leftJoin(documents, eq(documents.id, chatConversations.documentId))
    .leftJoin(cases, eq(cases.id, chatConversations.caseId))
    .leftJoin(users, eq(users.id, chatConversations.createdBy))
    .where(inArray(chatConversations.title, titles))
    .orderBy(desc(chatConversations.createdAt))
    .limit(opts.limit ?? FEEDBACK_LIMIT);
  if (!convs.length) return [];
  const messages = await messagesOf(db, convs.map((c) => c.conv.id));
  return convs.map(({ conv, doc, c, by }) => ({
    ...toConversation(conv),
    by: by ? displayName(by) : null,
    caseNumber: c?.caseNumber ?? null,
    documentTitle: doc?.title ?? null,
    // an issue report's screenshot stays on the status page; the feedback list and its export say it is there
    messages: messages
      .filter((m) => m.conversationId === conv.id)
      .map((m) => (m.role === 'screenshot' ? { ...toMessage(m), content: '[screenshot attached: see the report on the status page]' } : toMessage(m))),
  }));
}

/** The messages of these conversations, oldest first. */
export function messagesOf(db: Db, conversationIds: string[]) {
  return db.select().from(chatMessages).where(inArray(chatMessages.conversationId, conversationIds)).orderBy(asc(chatMessages.createdAt));
}

/** One CSV cell: quoted, and a leading =, +, - or @ set off so a spreadsheet never runs it as a formula. */
function cell(v: string | null): string {
  const s = v ?? '';
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** One row per message: the conversation's particulars, then who wrote and what. */
export function feedbackCsv(items: ChatFeedback[]): string {
  const head = ['conversation_id', 'conversation_created', 'title', 'case_number', 'document_title', 'started_by', 'message_time', 'role', 'content'];
  const rows = [head.map(cell).join(',')];
  for (const c of items) {
    for (const m of c.messages) {
      rows.push([c.id, c.createdAt, c.title, c.caseNumber, c.documentTitle, c.by, m.createdAt, m.role, m.content].map(cell).join(','));
    }
  }
  return `${rows.join('\r\n')}\r\n`;
}
