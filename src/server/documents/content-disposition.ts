// Content-Disposition for a download named from user text: an ASCII fallback with every risky
// character replaced, and the exact name in RFC 5987 form (filename*=UTF-8'').
export function contentDisposition(name: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const clean = name.replace(/[\u0000-\u001f\u007f/\\]/g, ' ').trim() || 'document.pdf';
  const ascii = clean.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["%;\\]/g, '_') || 'document.pdf';
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
