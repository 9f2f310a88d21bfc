// The chat feedback assistant's part of the API contract (spec §2 chat widget, §3 chat entities, §5 chat
// rules, §7 chat calls). A conversation is about one document ('Document Feedback Chat') or general
// ('General Chat'); every one is kept as feedback the people who run the deployment can read and export.
import { z } from 'zod';

export const DOCUMENT_CHAT_TITLE = 'Document Feedback Chat';
export const GENERAL_CHAT_TITLE = 'General Chat';
export const CHAT_TITLES = [DOCUMENT_CHAT_TITLE, GENERAL_CHAT_TITLE] as const;
export const CHAT_MESSAGE_MAX = 4000;

/** Spec §5: the quick phrases the widget offers. */
export const QUICK_PHRASES = [
  { label: 'Missing index item', text: 'An index item is missing or has no link.' },
  { label: 'OCR error', text: 'A page was read wrongly (OCR error).' },
  { label: 'Wrong index count', text: 'The number of index items found is wrong.' },
] as const;

const id = (what: string) => z.uuid({ error: `${what} must be a ${what.replace(/Id$/, '')} id` });

export const createConversationBody = z
  .object({
    documentId: id('documentId').nullish(),
    caseId: id('caseId').nullish(),
    title: z.enum(CHAT_TITLES, { error: `title must be '${DOCUMENT_CHAT_TITLE}' or '${GENERAL_CHAT_TITLE}'` }).optional(),
  })
  .transform((b) => ({
    documentId: b.documentId ?? null,
    caseId: b.caseId ?? null,
    title: b.title ?? (b.documentId ? DOCUMENT_CHAT_TITLE : GENERAL_CHAT_TITLE),
  }));
export type CreateConversationBody = z.input<typeof createConversationBody>;

export const conversationsQuery = z.object({
  documentId: id('documentId').optional(),
  caseId: id('caseId').optional(),
});

export const sendMessageBody = z.object({
  message: z
    .string({ error: 'Type a message' })
    .trim()
    .min(1, { error: 'Type a message' })
    .max(CHAT_MESSAGE_MAX, { error: `Keep a message under ${CHAT_MESSAGE_MAX} characters` }),
});
export type SendMessageBody = z.infer<typeof sendMessageBody>;

export const exportQuery = z.object({
  format: z.enum(['csv', 'json'], { error: "format must be 'csv' or 'json'" }).default('csv'),
});

export type ChatRole = 'user' | 'assistant';

export interface ChatConversation {
  id: string;
  documentId: string | null;
  caseId: string | null;
  title: string;
  createdAt: string;
}

export interface ChatMessage {
  id: string;
  role: ChatRole;
  content: string;
  createdAt: string;
}

/** What POST …/messages answers: the message as stored and the assistant's reply. */
export interface SendMessageResponse {
  message: ChatMessage;
  reply: ChatMessage;
  /** Where the reply came from: the configured model, or Brieflink's own reading of the document. */
  answeredBy: 'model' | 'built-in';
}

/** A conversation as the status page lists it and the export writes it. */
export interface ChatFeedback extends ChatConversation {
  by: string | null;
  caseNumber: string | null;
  documentTitle: string | null;
  messages: ChatMessage[];
}
