import { Download } from 'lucide-react';
import type { ChatFeedback } from '../../../contract/chat.ts';
import { Button } from '../ui/button.tsx';
import { formatDateTime } from './status-cards.tsx';

/** 'Chat feedback': every conversation with the assistant, for the people who run the deployment, with the export. */
export function ChatFeedbackList({ items }: { items: ChatFeedback[] | undefined }) {
  return (
    <section aria-labelledby="chat-feedback-heading" className="mt-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="chat-feedback-heading" className="text-lg font-semibold">
          Chat feedback{items ? ` (${items.length})` : ''}
        </h2>
        <div className="flex gap-2">
          <Button asChild size="sm" variant="outline">
            <a href="/api/chat/export?format=csv" download>
              <Download aria-hidden />
              Export CSV
            </a>
          </Button>
          <Button asChild size="sm" variant="outline">
            <a href="/api/chat/export?format=json" download>
              <Download aria-hidden />
              Export JSON
            </a>
          </Button>
        </div>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">Conversations with the feedback assistant; the export also carries the reported issues.</p>
      {!items ? null : items.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">No conversations yet.</p>
      ) : (
        <ul className="mt-3 grid gap-3">
          {items.map((c) => (
            <li key={c.id} className="rounded-xl border border-border bg-card shadow-sm" data-testid="chat-feedback">
              <details>
                <summary className="cursor-pointer list-inside px-4 py-3 text-sm">
                  <span className="font-medium">{c.title}</span>
                  <span className="text-muted-foreground">
                    {' · '}
                    {formatDateTime(c.createdAt)}
                    {c.by ? ` · ${c.by}` : ''}
                    {c.caseNumber ? ` · ${c.caseNumber}` : ''}
                    {c.documentTitle ? ` · ${c.documentTitle}` : ''}
                    {` · ${c.messages.length} ${c.messages.length === 1 ? 'message' : 'messages'}`}
                  </span>
                  {c.messages[0] ? <span className="mt-1 block truncate text-muted-foreground">“{c.messages[0].content}”</span> : null}
                </summary>
                <ol className="grid gap-2 border-t border-border px-4 py-3">
                  {c.messages.map((m) => (
                    <li key={m.id} className="text-sm">
                      <span className="font-medium">{m.role === 'user' ? 'Person' : 'Assistant'}</span>
                      <span className="text-xs text-muted-foreground"> · {formatDateTime(m.createdAt)}</span>
                      <p className="mt-0.5 whitespace-pre-wrap break-words [overflow-wrap:anywhere]">{m.content}</p>
                    </li>
                  ))}
                </ol>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
