import { Loader2, MessageCircle, Send, X } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CHAT_MESSAGE_MAX, QUICK_PHRASES } from '../../../contract/chat.ts';
import { errorReason } from '../../lib/api.ts';
import { useConversation, useMessages, useSendMessage } from '../../lib/chat.ts';
import { cn } from '../../lib/cn.ts';
import type { DocumentRecord } from '../../lib/document-types.ts';
import { Button } from '../ui/button.tsx';

const GENERAL = '';
const APP_PATH = /(\/cases\/[0-9a-f-]{36}\/[a-z]+)/g;

/** A reply's text with the app's own paths (the Reanalyze screen) as links. */
function withLinks(text: string): ReactNode[] {
  return text.split(APP_PATH).map((part, i) =>
    i % 2 === 1 ? (
      <Link key={i} to={part} className="underline">
        {part}
      </Link>
    ) : (
      part
    ),
  );
}

/**
 * The case dashboard's floating chat widget (spec §2, §5): a round button, or an open panel 96 wide by
 * 500 high (narrower on a phone) where a person asks about one document or the case in general. Enter
 * sends, Shift+Enter makes a new line; quick phrases fill the message. Everything said is kept as feedback.
 */
export function ChatWidget({ caseId, documents }: { caseId: string; documents: readonly DocumentRecord[] }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button
        aria-label="Open feedback chat"
        title="Feedback chat"
        onClick={() => setOpen(true)}
        className="fixed bottom-4 right-4 z-40 size-14 rounded-full shadow-lg [&_svg]:size-6"
      >
        <MessageCircle aria-hidden />
      </Button>
    );
  }
  return <ChatPanel caseId={caseId} documents={documents} onClose={() => setOpen(false)} />;
}

function ChatPanel({ caseId, documents, onClose }: { caseId: string; documents: readonly DocumentRecord[]; onClose: () => void }) {
  const [documentId, setDocumentId] = useState<string>(() => documents[0]?.id ?? GENERAL);
  const chosen = documents.some((d) => d.id === documentId) ? documentId : GENERAL;
  const about = { caseId, documentId: chosen || null };
  const { conversation, loading } = useConversation(about, true);
  const messages = useMessages(conversation?.id ?? null);
  const send = useSendMessage(about);
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const count = messages.data?.length ?? 0;

  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [count, send.isPending]);

  const submit = () => {
    const message = text.trim();
    if (!message || send.isPending || loading) return;
    send.mutate({ conversationId: conversation?.id ?? null, message }, { onSuccess: () => setText('') });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <section
      role="dialog"
      aria-label="Feedback chat"
      className="fixed bottom-4 right-4 z-40 flex h-[500px] max-h-[calc(100dvh-2rem)] w-96 max-w-[calc(100vw-2rem)] flex-col overflow-hidden rounded-xl border border-border bg-card shadow-xl"
    >
      <header className="flex items-center justify-between gap-2 border-b border-border bg-primary px-4 py-3 text-primary-foreground">
        <div className="min-w-0">
          <h2 className="text-sm font-semibold">{chosen ? 'Document Feedback Chat' : 'General Chat'}</h2>
          <p className="text-xs opacity-80">Answers from what Brieflink read; kept as feedback.</p>
        </div>
        <button type="button" onClick={onClose} aria-label="Close chat" className="rounded-md p-1 hover:bg-white/15 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white">
          <X aria-hidden className="size-5" />
        </button>
      </header>
      <div className="border-b border-border px-4 py-2">
        <label className="flex items-center gap-2 text-xs text-muted-foreground">
          About
          <select
            value={chosen}
            onChange={(e) => setDocumentId(e.target.value)}
            className="h-8 min-w-0 flex-1 rounded-md border border-input bg-card px-2 text-sm text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {documents.map((d) => (
              <option key={d.id} value={d.id}>
                {d.title}
              </option>
            ))}
            <option value={GENERAL}>The case in general</option>
          </select>
        </label>
      </div>
      <div className="flex-1 overflow-y-auto px-4 py-3" aria-live="polite" data-testid="chat-messages">
        {loading || messages.isLoading ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : count === 0 ? (
          <p className="text-sm text-muted-foreground">
            Ask about {chosen ? 'this document' : 'the case'}: a missing index item, an OCR error, a wrong index count, or setting index pages by hand.
          </p>
        ) : (
          <ol className="grid gap-2">
            {messages.data!.map((m) => (
              <li
                key={m.id}
                data-role={m.role}
                className={cn(
                  'max-w-[90%] whitespace-pre-wrap break-words rounded-lg px-3 py-2 text-sm [overflow-wrap:anywhere]',
                  m.role === 'user' ? 'ml-auto bg-primary text-primary-foreground' : 'mr-auto bg-muted text-foreground',
                )}
              >
                <span className="sr-only">{m.role === 'user' ? 'You: ' : 'Assistant: '}</span>
                {m.role === 'assistant' ? withLinks(m.content) : m.content}
              </li>
            ))}
          </ol>
        )}
        {send.isPending ? (
          <p className="mt-2 flex items-center gap-2 text-xs text-muted-foreground">
            <Loader2 aria-hidden className="size-3.5 animate-spin" /> Answering…
          </p>
        ) : null}
        {send.isError ? (
          <p role="alert" className="mt-2 text-xs text-destructive">
            {errorReason(send.error)}
          </p>
        ) : null}
        <div ref={end} />
      </div>
      <div className="flex flex-wrap gap-1.5 border-t border-border px-4 pt-2">
        {QUICK_PHRASES.map((p) => (
          <button
            key={p.label}
            type="button"
            onClick={() => {
              setText(p.text);
              input.current?.focus();
            }}
            className="rounded-full border border-input bg-card px-2.5 py-1 text-xs hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {p.label}
          </button>
        ))}
      </div>
      <form
        className="flex items-end gap-2 px-4 py-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <textarea
          ref={input}
          rows={2}
          value={text}
          maxLength={CHAT_MESSAGE_MAX}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          aria-label="Message"
          placeholder="Type a message (Enter sends, Shift+Enter for a new line)"
          className="min-h-10 flex-1 resize-none rounded-md border border-input bg-card px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
        <Button type="submit" size="icon" aria-label="Send" disabled={!text.trim() || send.isPending || loading}>
          <Send aria-hidden />
        </Button>
      </form>
    </section>
  );
}
