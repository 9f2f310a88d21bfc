// The optional model behind the chat assistant: an OpenAI-compatible endpoint (`ASSISTANT_URL`,
// `ASSISTANT_API_KEY`), asked through POST {url}/chat/completions with the document's facts as context.
// Only used when configured; a failure or a time-out is reported to the caller, who answers on its own.
import type { AssistantConfig } from '../config.ts';

export interface ModelMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

const SYSTEM_PROMPT =
  'You are the feedback assistant of Brieflink, which turns legal briefs into hyperlinked PDFs. Answer the ' +
  "user's question about their document in a few sentences, only from the facts below; name index items by " +
  'label and description and say on which index page they stand. Never invent pages or items. If the facts do ' +
  'not answer the question, say so and suggest reporting it. Index pages can be set by hand on the case\'s ' +
  'Reanalyze screen as free text such as 2,3,4 or 2-5.';

export function modelMessages(facts: string, history: ModelMessage[], question: string): ModelMessage[] {
  return [{ role: 'system', content: `${SYSTEM_PROMPT}\n\nFacts:\n${facts}` }, ...history.slice(-12), { role: 'user', content: question }];
}

export class ModelError extends Error {
  override name = 'ModelError';
}

/** The model's reply; throws ModelError when it cannot be had within the time-out. */
export async function askModel(cfg: AssistantConfig, messages: ModelMessage[]): Promise<string> {
  let res: Response;
  try {
    res = await fetch(`${cfg.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${cfg.apiKey}` },
      body: JSON.stringify({ model: cfg.model, messages, temperature: 0.2 }),
      signal: AbortSignal.timeout(cfg.timeoutMs),
      redirect: 'error',
    });
  } catch (err) {
    const e = err as { name?: string; cause?: { code?: string } };
    throw new ModelError(e.name === 'TimeoutError' ? `no answer within ${cfg.timeoutMs} ms` : `unreachable (${e.cause?.code ?? e.name ?? 'error'})`);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new ModelError(`answered HTTP ${res.status}`);
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new ModelError('answered something other than JSON');
  }
  const content = (body as { choices?: Array<{ message?: { content?: unknown } }> })?.choices?.[0]?.message?.content;
  if (typeof content !== 'string' || !content.trim()) throw new ModelError('answered no message');
  return content.trim().slice(0, 8000);
}
