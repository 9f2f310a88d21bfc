// A small self-contained HTML page for answers a browser lands on outside the web app (a refused
// sign-in at the OpenID Connect callback, a refused sign-out): a heading, the reason, a way on.
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

const style =
  'body{font-family:system-ui,sans-serif;background:#f6f7f9;color:#1f2937;margin:0;display:grid;place-items:center;min-height:100vh}' +
  'main{max-width:32rem;margin:1rem;padding:2rem;background:#fff;border:1px solid #e5e7eb;border-radius:.75rem}' +
  'h1{font-size:1.25rem;margin:0 0 .75rem}p{line-height:1.5}a{color:#1d4ed8}';
const styleHash = createHash('sha256').update(style).digest('base64');

/** Only this page's own style may apply; nothing else loads or runs. */
export const MESSAGE_PAGE_CSP = `default-src 'none'; style-src 'sha256-${styleHash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function sendMessagePage(
  reply: FastifyReply,
  status: number,
  page: { title: string; message: string; link: { href: string; text: string } },
): FastifyReply {
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(page.title)} · Brieflink</title><style>${style}</style></head>` +
    `<body><main><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.message)}</p>` +
    `<p><a href="${escapeHtml(page.link.href)}">${escapeHtml(page.link.text)}</a></p></main></body></html>`;
  return reply
    .code(status)
    .header('content-security-policy', MESSAGE_PAGE_CSP)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}
