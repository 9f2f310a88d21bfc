// 'Report an Issue': a report is stored as a conversation titled ISSUE_REPORT_TITLE (about a document,
// or general), the person's text its first message and the page they were on a second one; the status
// page lists them for the people who run the deployment.
import { and, desc, eq } from 'drizzle-orm';
import { displayName } from '../../contract/auth.ts';
import { ISSUE_REPORT_TITLE, type IssueReport, type IssueReportBody } from '../../contract/status.ts';
import { recordAudit } from '../audit.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { Db } from '../db/client.ts';
import { cases, chatConversations, chatMessages, documents, users } from '../db/schema.ts';
import { messagesOf } from '../chat/conversations.ts';
import { AppError } from '../errors.ts';

/** Message roles of a report: what the person wrote, and where they were. */
const ROLE_REPORT = 'user';
const ROLE_PAGE = 'page';
const ROLE_SCREENSHOT = 'screenshot';

/** The image a data URL carries really is the PNG or JPEG it says (its first bytes), else a 400. */
function checkedScreenshot(dataUrl: string): string {
  const [head, data] = dataUrl.split(',', 2) as [string, string];
  const bytes = Buffer.from(data, 'base64');
  const png = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (!(head.includes('png') ? png : jpeg)) throw new AppError('validation', 'A screenshot must be a PNG or JPEG image', 'screenshot');
  return dataUrl;
}
const LIST_LIMIT = 100;

export async function createIssueReport(db: Db, user: SessionUser, body: IssueReportBody): Promise<IssueReport> {
  const doc = body.documentId
    ? (await db.select({ id: documents.id, caseId: documents.caseId, title: documents.title }).from(documents).where(eq(documents.id, body.documentId)))[0]
    : undefined;
  if (body.documentId && !doc) throw new AppError('not_found', 'Document not found', 'documentId');
  const screenshot = body.screenshot ? checkedScreenshot(body.screenshot) : null;
  const id = await db.transaction(async (tx) => {
    const [conv] = await tx
      .insert(chatConversations)
      .values({ title: ISSUE_REPORT_TITLE, documentId: doc?.id ?? null, caseId: doc?.caseId ?? null, createdBy: user.id })
      .returning({ id: chatConversations.id });
    await tx.insert(chatMessages).values({ conversationId: conv!.id, role: ROLE_REPORT, content: body.text });
    if (body.page) await tx.insert(chatMessages).values({ conversationId: conv!.id, role: ROLE_PAGE, content: body.page });
    if (screenshot) await tx.insert(chatMessages).values({ conversationId: conv!.id, role: ROLE_SCREENSHOT, content: screenshot });
    await recordAudit(tx, user, 'report-issue', 'chat_conversation', conv!.id, null, { documentId: doc?.id ?? null });
    return conv!.id;
  });
  const [report] = await listIssueReports(db, id);
  return report!;
}

/** Issue reports, newest first (or the one with `id`). */
export async function listIssueReports(db: Db, id?: string): Promise<IssueReport[]> {
  const convs = await db
    .select({ conv: chatConversations, doc: { title: documents.title }, kase: { caseNumber: cases.caseNumber }, by: users })
    .from(chatConversations)
    .leftJoin(documents, eq(documents.id, chatConversations.documentId))
    .leftJoin(cases, eq(cases.id, documents.caseId))
    .leftJoin(users, eq(users.id, chatConversations.createdBy))
    .where(and(eq(chatConversations.title, ISSUE_REPORT_TITLE), id ? eq(chatConversations.id, id) : undefined))
    .orderBy(desc(chatConversations.createdAt))
    .limit(LIST_LIMIT);
  if (!convs.length) return [];
  const messages = await messagesOf(db, convs.map((c) => c.conv.id));
  return convs.map(({ conv, doc, kase, by }) => {
    const own = messages.filter((m) => m.conversationId === conv.id);
    return {
      id: conv.id,
      createdAt: conv.createdAt.toISOString(),
      reportedBy: by ? displayName(by) : null,
      documentId: conv.documentId,
      documentTitle: doc?.title ?? null,
      caseNumber: kase?.caseNumber ?? null,
      page: own.find((m) => m.role === ROLE_PAGE)?.content ?? null,
      text: own.filter((m) => m.role === ROLE_REPORT).map((m) => m.content).join('\n\n'),
      screenshot: own.find((m) => m.role === ROLE_SCREENSHOT)?.content ?? null,
    };
  });
}
