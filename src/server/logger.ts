// pino logger for the whole process. Secrets never reach the log: passwords, cookies, Authorization,
// tokens and set-cookie are redacted, secret query parameters (OIDC code/state) are masked in URLs, and
// database errors are logged without their query parameters (log-errors.ts).
import pino, { type DestinationStream, type Logger } from 'pino';
import { serializeError } from './log-errors.ts';

const secretParams = /([?&](?:code|state|token|invite|access_token|id_token|refresh_token|session_state|password)=)[^&#]*/gi;

export function maskUrl(url: string): string {
  return url.replace(secretParams, '$1[redacted]');
}

export const redactPaths = [
  'password',
  '*.password',
  '*.*.password',
  'passwordHash',
  '*.passwordHash',
  'token',
  '*.token',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
  'headers["set-cookie"]',
  'cookie',
  '*.cookie',
  'cookies',
  '*.cookies',
  'clientSecret',
  '*.clientSecret',
  'databaseUrl',
  '*.databaseUrl',
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: redactPaths, censor: '[redacted]' },
      serializers: {
        req: (req: { method?: string; url?: string; ip?: string }) => ({
          method: req.method,
          url: req.url ? maskUrl(req.url) : undefined,
          remoteAddress: req.ip,
        }),
        res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
        err: serializeError,
      },
    },
    destination ?? pino.destination({ fd: 1, sync: true }),
  );
}
