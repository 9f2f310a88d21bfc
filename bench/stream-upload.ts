// Streams a file from disk as a multipart upload (never read whole), for the upload benchmark.
import { createReadStream, statSync } from 'node:fs';
import { request } from 'node:http';
import { basename } from 'node:path';

export function streamUpload(o: { port: number; cookie: string; caseId: string; file: string; onSent?: () => void }): Promise<{ status: number; id?: string }> {
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="caseId"\r\n\r\n${o.caseId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${basename(o.file)}"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + statSync(o.file).size + tail.length;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1', port: o.port, method: 'POST', path: '/api/upload/document',
        headers: { cookie: o.cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length },
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => {
          let id: string | undefined;
          try {
            id = JSON.parse(body).id;
          } catch {
            id = undefined;
          }
          resolve({ status: res.statusCode ?? 0, ...(id ? { id } : {}) });
        });
      },
    );
    req.on('error', reject);
    req.write(head);
    const file = createReadStream(o.file, { highWaterMark: 1 << 20 });
    file.pipe(req, { end: false });
    file.on('end', () => {
      req.end(tail);
      o.onSent?.();
    });
    file.on('error', reject);
  });
}
