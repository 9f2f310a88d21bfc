// The chat feedback assistant through the API on a real database: conversations per document or
// general, messages trimmed and non-empty, signed-out refusal; answers grounded in what the engine read
// from a generated deposition excerpt whose index names transcript pages that were not filed (items with
// no destination); the optional model asked over real HTTP (a small server started here) and the built-in
// answer when it is out of reach; every conversation listed and exported for support.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOCUMENT_CHAT_TITLE,
  GENERAL_CHAT_TITLE,
  type ChatConversation,
  type ChatFeedback,
  type ChatMessage,
  type SendMessageResponse,
} from '../../src/contract/chat.ts';
import type { DocumentRecord, LinkRecord } from '../../src/contract/documents.ts';
import { pageList } from '../../src/server/chat/answer.ts';
import { MODEL_FALLBACK_NOTE } from '../../src/server/chat/conversations.ts';
import { loadFixture } from '../fixtures/index.ts';
import { pagesOf } from '../fixtures/pages-of.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { openCaseSession, type CaseSession } from './support/case-session.ts';
import { processed, upload, waitForDocument } from './support/documents.ts';

type Inject = TestApp['app'];
const caller = (app: Inject, cookie: string | null) => (method: string, url: string, payload?: unknown) =>
  app.inject({ method: method as 'GET', url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

interface SeenRequest {
  url: string;
  authorization: string | undefined;
  body: { model: string; messages: Array<{ role: string; content: string }> };
}

/** A tiny OpenAI-compatible endpoint: answers with `reply`, or with HTTP `status` when set. */
async function startModelServer(answer: (req: SeenRequest) => { status?: number; reply?: string }) {
  const seen: SeenRequest[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const r: SeenRequest = { url: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(raw || '{}') };
      seen.push(r);
      const a = answer(r);
      if (a.status) {
        res.writeHead(a.status, { 'content-type': 'application/json' }).end('{"error":"down"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: a.reply } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/v1`, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

describe('chat feedback assistant', () => {
  let s: CaseSession;
  let doc: DocumentRecord;
  let links: LinkRecord[];
  let call: ReturnType<typeof caller>;

  const startChat = async (c: ReturnType<typeof caller>, body: object): Promise<ChatConversation> => {
    const res = await c('POST', '/api/chat/conversations', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const ask = async (c: ReturnType<typeof caller>, id: string, message: string): Promise<SendMessageResponse> => {
    const res = await c('POST', `/api/chat/conversations/${id}/messages`, { message });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  beforeAll(async () => {
    s = await openCaseSession();
    call = caller(s.t.app, s.cookie);
    const fixture = await loadFixture('us-deposition-excerpt');
    doc = (await upload(s.t.app, s.cookie, s.caseId, fixture.brief, 'deposition.pdf')).json();
    doc = await waitForDocument(s.t.app, s.cookie, doc.id, processed);
    expect(doc.index_status).toBe('ok');
    const built = await call('POST', '/api/documents/start-hyperlinking', { documentIds: [doc.id] });
    expect(built.json().successCount, built.body).toBe(1);
    links = (await call('GET', `/api/documents/${doc.id}/links`)).json();
    expect(links.length).toBe(doc.index_count);
    // the fixture's truth: rows naming transcript pages not filed get no destination
    expect(fixture.truth.items.some((i) => i.noDestination)).toBe(true);
    expect(links.some((l) => l.targetPage === null)).toBe(true);
  }, 180_000);
  afterAll(async () => {
    await s?.close();
  });

  it('is for signed-in people only', async () => {
    const out = caller(s.t.app, null);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url, body] of [
      ['POST', '/api/chat/conversations', { documentId: doc.id, caseId: s.caseId, title: DOCUMENT_CHAT_TITLE }],
      ['GET', `/api/chat/conversations?documentId=${doc.id}`],
      ['POST', `/api/chat/conversations/${id}/messages`, { message: 'hello' }],
      ['GET', `/api/chat/conversations/${id}/messages`],
      ['GET', '/api/chat/feedback'],
      ['GET', '/api/chat/export'],
    ] as const) {
      expect((await out(method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('keeps conversations per document and general ones apart, and validates what it is given', async () => {
    const docChat = await startChat(call, { documentId: doc.id, caseId: s.caseId, title: DOCUMENT_CHAT_TITLE });
    expect(docChat).toMatchObject({ documentId: doc.id, caseId: s.caseId, title: DOCUMENT_CHAT_TITLE });
    const general = await startChat(call, { caseId: s.caseId, title: GENERAL_CHAT_TITLE });
    expect(general).toMatchObject({ documentId: null, caseId: s.caseId, title: GENERAL_CHAT_TITLE });

    const forDoc: ChatConversation[] = (await call('GET', `/api/chat/conversations?documentId=${doc.id}`)).json();
    expect(forDoc.map((c) => c.id)).toContain(docChat.id);
    expect(forDoc.map((c) => c.id)).not.toContain(general.id);
    const forCase: ChatConversation[] = (await call('GET', `/api/chat/conversations?caseId=${s.caseId}`)).json();
    expect(forCase.map((c) => c.id)).toEqual([general.id]);

    const bad = async (body: object, field: string, status = 400) => {
      const res = await call('POST', '/api/chat/conversations', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().field).toBe(field);
    };
    await bad({ documentId: 'not-an-id', title: DOCUMENT_CHAT_TITLE }, 'documentId');
    await bad({ documentId: doc.id, title: 'Anything else' }, 'title');
    await bad({ title: DOCUMENT_CHAT_TITLE, caseId: s.caseId }, 'documentId');
    await bad({ documentId: '00000000-0000-4000-8000-000000000000', title: DOCUMENT_CHAT_TITLE }, 'documentId', 404);
    await bad({ caseId: '00000000-0000-4000-8000-000000000000', title: GENERAL_CHAT_TITLE }, 'caseId', 404);
    expect((await call('GET', '/api/chat/conversations?documentId=x')).statusCode).toBe(400);
  });

  it('stores messages trimmed, refuses empty ones, and needs a conversation that exists', async () => {
    const conv = await startChat(call, { documentId: doc.id, caseId: s.caseId, title: DOCUMENT_CHAT_TITLE });
    for (const message of ['', '   \n\t ', undefined, 42]) {
      const res = await call('POST', `/api/chat/conversations/${conv.id}/messages`, message === undefined ? {} : { message });
      expect(res.statusCode, JSON.stringify(message)).toBe(400);
      expect(res.json().field).toBe('message');
    }
    expect((await call('POST', `/api/chat/conversations/${conv.id}/messages`, { message: 'x'.repeat(4001) })).statusCode).toBe(400);
    const sent = await ask(call, conv.id, '   How many index items did you find?  \n');
    expect(sent.message.content).toBe('How many index items did you find?');
    expect(sent.answeredBy).toBe('built-in');
    const stored: ChatMessage[] = (await call('GET', `/api/chat/conversations/${conv.id}/messages`)).json();
    expect(stored.map((m) => [m.role, m.content])).toEqual([
      ['user', 'How many index items did you find?'],
      ['assistant', sent.reply.content],
    ]);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await call('POST', `/api/chat/conversations/${missing}/messages`, { message: 'hello' })).statusCode).toBe(404);
    expect((await call('GET', `/api/chat/conversations/${missing}/messages`)).statusCode).toBe(404);
    expect((await call('GET', '/api/chat/conversations/nope/messages')).statusCode).toBe(400);
  });

  it('answers from what the engine read: the index count and its pages, each missing item by name and index page, OCR', async () => {
    const conv = await startChat(call, { documentId: doc.id, caseId: s.caseId, title: DOCUMENT_CHAT_TITLE });
    const indexPages = [...new Set(links.map((l) => l.srcPage))];
    const count = (await ask(call, conv.id, 'Wrong index count? How many index items are there?')).reply.content;
    expect(count).toContain(`I found ${doc.index_count} index items`);
    expect(count).toContain(`index page${indexPages.length > 1 ? 's' : ''} ${indexPages.join(', ')}`);
    expect(count).toMatch(/2,3,4 or 2-5/);

    const reply = (await ask(call, conv.id, 'An index item is missing or has no link.')).reply.content;
    const none = links.filter((l) => l.targetPage === null);
    expect(reply).toContain(`${none.length} index items have no destination`);
    expect(reply).not.toContain('I found'); // the count is not what was asked
    for (const l of none) {
      expect(reply).toContain(`“${l.itemText}”`);
      expect(reply).toContain(`item ${l.itemOrdinal} of the index, on index page ${l.srcPage}`);
      expect(reply).toContain(l.why!);
    }
    // linked items are not named as missing
    for (const l of links.filter((k) => k.targetPage !== null && Number(k.confidence) >= 0.6)) expect(reply).not.toContain(`item ${l.itemOrdinal} of the index`);

    const ocr = (await ask(call, conv.id, 'Was there an OCR error?')).reply.content;
    expect(ocr).toContain(`No page of “${doc.title}” needed OCR: all ${doc.pageCount} pages carry their own text layer.`);

    const byHand = (await ask(call, conv.id, 'How do I set the index pages by hand?')).reply.content;
    expect(byHand).toContain(`/cases/${s.caseId}/reanalyze`);
    expect(byHand).toMatch(/2,3,4 or 2-5/);
  });

  it('names the pages read by OCR, with their confidence, on a brief whose index page and some dividers are scans', async () => {
    const fixture = await loadFixture('mixed-brief');
    // ground truth read from the PDF itself: the pages with no text layer are the scanned ones
    const scanned = pagesOf(fixture.brief).filter((p) => p.lines.length === 0).map((p) => p.page);
    expect(scanned.length).toBeGreaterThan(1);
    let mixed: DocumentRecord = (await upload(s.t.app, s.cookie, s.caseId, fixture.brief, 'mixed.pdf')).json();
    mixed = await waitForDocument(s.t.app, s.cookie, mixed.id, processed, 150_000);
    expect(mixed.status).toBe('completed');
    const conv = await startChat(call, { documentId: mixed.id, caseId: s.caseId, title: DOCUMENT_CHAT_TITLE });
    const reply = (await ask(call, conv.id, 'A page was read wrongly (OCR error).')).reply.content;
    const runs = pageList(scanned);
    expect(reply).toContain(`${scanned.length} pages of ${mixed.pageCount} were read by OCR (pages ${runs})`);
    expect(reply).toMatch(/mean word confidence of \d{1,3}%/);
    expect(reply).toContain(`The index itself was read by OCR on page ${fixture.truth.indexPages[0]}`);
  }, 180_000);

  it('answers through a configured model over HTTP, with the document facts, and never logs its key', async () => {
    const model = await startModelServer((r) => ({ reply: `Model heard: ${r.body.messages.at(-1)!.content}` }));
    const key = 'sk-test-key-that-must-not-be-logged';
    const t = await startTestApp({
      databaseUrl: s.t.config.databaseUrl!,
      env: { STORAGE_DIR: s.t.config.storageDir, ASSISTANT_URL: model.url, ASSISTANT_API_KEY: key, ASSISTANT_MODEL: 'tiny', ASSISTANT_TIMEOUT_SECONDS: '5' },
    });
    try {
      const c = caller(t.app, s.cookie);
      const conv = await startChat(c, { documentId: doc.id, caseId: s.caseId, title: DOCUMENT_CHAT_TITLE });
      const first = await ask(c, conv.id, 'Which item is missing?');
      expect(first.answeredBy).toBe('model');
      expect(first.reply.content).toBe('Model heard: Which item is missing?');
      const second = await ask(c, conv.id, 'And OCR?');
      expect(second.reply.content).toBe('Model heard: And OCR?');
      expect(model.seen).toHaveLength(2);
      const [r1, r2] = model.seen;
      expect(r1!.url).toBe('/v1/chat/completions');
      expect(r1!.authorization).toBe(`Bearer ${key}`);
      expect(r1!.body.model).toBe('tiny');
      const system = r1!.body.messages[0]!;
      expect(system.role).toBe('system');
      expect(system.content).toContain(`${doc.index_count} index items`);
      for (const l of links.filter((k) => k.targetPage === null)) expect(system.content).toContain(l.itemText!);
      // the conversation so far goes with the next question
      expect(r2!.body.messages.slice(1).map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
      expect(t.logs()).not.toContain(key);
    } finally {
      await t.close();
      await model.close();
    }
  });

  it('answers built in, with a note, when the model is out of reach or fails', async () => {
    const failing = await startModelServer(() => ({ status: 500 }));
    for (const url of [`http://127.0.0.1:${await closedPort()}/v1`, failing.url]) {
      const t = await startTestApp({
        databaseUrl: s.t.config.databaseUrl!,
        env: { STORAGE_DIR: s.t.config.storageDir, ASSISTANT_URL: url, ASSISTANT_API_KEY: 'sk-x', ASSISTANT_TIMEOUT_SECONDS: '3' },
      });
      try {
        const c = caller(t.app, s.cookie);
        const conv = await startChat(c, { documentId: doc.id, caseId: s.caseId, title: DOCUMENT_CHAT_TITLE });
        const started = Date.now();
        const res = await ask(c, conv.id, 'How many index items did you find?');
        expect(Date.now() - started).toBeLessThan(10_000);
        expect(res.answeredBy).toBe('built-in');
        expect(res.reply.content).toContain(`I found ${doc.index_count} index items`);
        expect(res.reply.content).toContain(MODEL_FALLBACK_NOTE);
        expect(t.logs()).toContain('assistant model failed');
      } finally {
        await t.close();
      }
    }
    expect(failing.seen).toHaveLength(1);
    await failing.close();
  });

  it('lists every conversation for support and exports them with the issue reports as CSV and JSON', async () => {
    const conv = await startChat(call, { documentId: doc.id, caseId: s.caseId, title: DOCUMENT_CHAT_TITLE });
    await ask(call, conv.id, '=HYPERLINK("x") Tab 3 is "missing"');
    expect((await call('POST', '/api/issue-reports', { text: 'The page froze', documentId: doc.id })).statusCode).toBe(201);

    const feedback: ChatFeedback[] = (await call('GET', '/api/chat/feedback')).json();
    const mine = feedback.find((f) => f.id === conv.id)!;
    expect(mine).toMatchObject({ title: DOCUMENT_CHAT_TITLE, documentTitle: doc.title, documentId: doc.id });
    expect(mine.by).toBeTruthy();
    expect(mine.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(feedback.some((f) => f.title === 'Issue report')).toBe(false);

    const csv = await call('GET', '/api/chat/export?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="brieflink-feedback-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('"conversation_id","conversation_created","title","case_number","document_title","started_by","message_time","role","content"');
    // a leading = is set off so a spreadsheet never runs it; quotes are doubled
    expect(csv.body).toContain(`"'=HYPERLINK(""x"") Tab 3 is ""missing"""`);
    expect(csv.body).toContain('"Issue report"');
    expect(csv.body).toContain('"The page froze"');

    const json = await call('GET', '/api/chat/export?format=json');
    expect(json.statusCode).toBe(200);
    const exported: { conversations: ChatFeedback[] } = json.json();
    const total = exported.conversations.reduce((n, c) => n + c.messages.length, 0);
    expect(lines.length - 1).toBe(total);
    expect(exported.conversations.find((c) => c.id === conv.id)?.messages[0]?.content).toBe('=HYPERLINK("x") Tab 3 is "missing"');
    expect((await call('GET', '/api/chat/export?format=xml')).statusCode).toBe(400);
  });
});
