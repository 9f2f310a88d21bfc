// Environment → typed, validated configuration. Read once at start-up; a bad value stops the process
// with a message naming the variable.
import { resolve } from 'node:path';
import { z } from 'zod';
import { checkAuthorityTemplates, type AuthorityLinks } from '../engine/authorities/targets.ts';

const intIn = (min: number, max: number) => z.coerce.number<string | undefined>().int().min(min).max(max);
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));
const boolText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  PORT: intIn(0, 65535).default(5000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  STORAGE_DIR: optionalText,
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  MAX_UPLOAD_MB: intIn(1, 100_000).default(500),
  RETENTION_DAYS: intIn(1, 36_500).default(90),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  PUBLIC_HOST: optionalText,
  APP_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  TRUST_PROXY: optionalText.pipe(boolText.optional()),
  OIDC_ISSUER: optionalText.pipe(z.url({ error: 'must be a URL' }).optional()),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  ALLOWED_EMAIL_DOMAINS: optionalText,
  REGISTRATION: optionalText.pipe(z.enum(['invitation', 'open'], { error: "must be 'invitation' or 'open'" }).optional()),
  OCR_WORKERS: optionalText.pipe(intIn(1, 64).optional()),
  EMBEDDED_PG_PORT: optionalText.pipe(intIn(1024, 65535).optional()),
  JOB_STALE_SECONDS: intIn(5, 3600).default(20),
  PDF_MEMORY_MB: intIn(256, 65_536).default(2048),
  PDF_SECONDS_PER_PAGE: intIn(1, 3600).default(30),
  PDF_MAX_SECONDS: intIn(60, 7 * 86_400).default(21_600),
  PDF_DRAWING_BUDGET_MB: intIn(64, 1_048_576).default(2048),
  PDF_INCREMENTAL_FROM_MB: intIn(0, 65_536).default(100),
  REQUEST_IDLE_SECONDS: intIn(1, 3600).default(60),
  REQUEST_BODY_SECONDS: intIn(1, 3600).default(30),
  UPLOAD_SECONDS: intIn(10, 86_400).default(3600),
  MAX_CONNECTIONS: intIn(10, 1_000_000).default(1000),
  MAX_CONNECTIONS_PER_ADDRESS: intIn(1, 1_000_000).default(50),
  SHUTDOWN_SECONDS: intIn(1, 3600).default(30),
  /** Sign-ups and sign-in attempts allowed from one address (per hour and per minute). */
  REGISTER_PER_HOUR: intIn(1, 100_000).default(50),
  LOGIN_PER_MINUTE: intIn(1, 100_000).default(10),
  /** Failed sign-ins to one account before each further attempt waits; the first wait; its cap. */
  SIGN_IN_FREE_FAILURES: intIn(1, 1000).default(5),
  SIGN_IN_DELAY_SECONDS: intIn(1, 86_400).default(30),
  SIGN_IN_MAX_DELAY_SECONDS: intIn(1, 86_400).default(900),
  /** Days a case moved to the Trash can be restored before it is purged. */
  TRASH_DAYS: intIn(1, 3650).default(14),
  ASSISTANT_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  ASSISTANT_API_KEY: optionalText,
  ASSISTANT_MODEL: z.string().trim().min(1).max(200).default('gpt-4o-mini'),
  ASSISTANT_TIMEOUT_SECONDS: intIn(1, 120).default(10),
  /** The web addresses of authorities (DESIGN §8): 'off' (default), 'on' (the default templates), or a JSON object of templates by family. */
  AUTHORITY_LINKS: optionalText,
});

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** An OpenAI-compatible chat model the feedback assistant may answer with (optional). */
export interface AssistantConfig {
  /** Base URL; requests go to `${url}/chat/completions`. */
  url: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

export interface SignInThrottleConfig {
  freeFailures: number;
  delayMs: number;
  maxDelayMs: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  storageDir: string;
  databaseUrl: string | undefined;
  maxUploadMb: number;
  retentionDays: number;
  logLevel: string;
  role: 'all' | 'api' | 'worker';
  publicHost: string | undefined;
  appUrl: string | undefined;
  /** Cookies get the Secure flag when the public URL is https. */
  secureCookies: boolean;
  trustProxy: boolean;
  oidc: OidcConfig | undefined;
  /** Lower-case domains whose addresses may create an account without an invitation. */
  allowedEmailDomains: string[];
  /**
   * 'invitation' (default): after the first account, only invited people and allowed domains may
   * create one. 'open': anyone who reaches the server may (a demo setting).
   */
  registration: 'invitation' | 'open';
  ocrWorkers: number | undefined;
  embeddedPgPort: number | undefined;
  /** A running document job that sent no heartbeat for this long counts as dead and is queued again. */
  staleJobMs: number;
  /** Memory of one PDF task (worker thread heap); a page may decode to 1/64 of it in content, 1/8 in images. */
  pdfMemoryMb: number;
  /** Time a PDF task may take: a minute, plus this much a page, never more than pdfMaxSeconds. */
  pdfSecondsPerPage: number;
  /** The most a PDF task may take however many pages it has (tests may omit it: six hours). */
  pdfMaxSeconds?: number;
  /**
   * MB of drawing instructions a whole document may decode to, a stream counted for every page that
   * draws it (tests may omit it: 2,048).
   */
  pdfDrawingBudgetMb?: number;
  /**
   * From this size (MB) on, an upload's outputs are written as an incremental update of it (bounded
   * memory; docs/adr/0005); smaller ones are saved whole, packed. Tests may omit it: 100.
   */
  pdfIncrementalFromMb?: number;
  /** A request body (an upload or any other) that sends nothing for this long (it stalled) is cut. */
  requestIdleMs: number;
  /** A request body other than an upload must arrive whole within this (tests may omit it: 30 s). */
  requestBodyMs?: number;
  /** An upload must arrive whole within this (tests may omit it: an hour). */
  uploadMs?: number;
  /** How long a SIGTERM waits for requests and jobs to finish before the process stops anyway (tests may omit it: 30 s). */
  shutdownMs?: number;
  /** Connections served at once, in all and from one address (tests may omit it: 1000 and 50). */
  connections?: { total: number; perAddress: number };
  /** Sign-ups per hour and sign-in attempts per minute from one address (tests may omit it: 50 and 10). */
  rateLimits?: { registerPerHour: number; loginPerMinute: number };
  /** Per account: failures allowed freely, then a wait of `delayMs` doubling per failure up to `maxDelayMs`. */
  signInThrottle: SignInThrottleConfig;
  /** Days a case stays restorable in the Trash. */
  trashDays: number;
  /** Unset: the chat assistant answers from the engine's facts alone and sends nothing anywhere. */
  assistant: AssistantConfig | undefined;
  /**
   * What a case that asks for authorities (its `authorities` setting) links them to besides a Book of
   * Authorities of the case: 'off' (no web address: listed, not linked), the default templates ({}), or a
   * firm's templates by family over them. Tests may omit it: 'off'.
   */
  authorityLinks?: AuthorityLinks;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

/** A value as an error message may show it: secrets hidden, a URL's password masked. */
function shown(variable: string, value: string): string {
  if (variable === 'OIDC_CLIENT_SECRET' || variable === 'ASSISTANT_API_KEY') return '[redacted]';
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/@:]*:)[^/]*@/i, '$1[redacted]@');
}

/** Parses the environment; throws ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'environment');
    throw new ConfigError(variable, `(${JSON.stringify(shown(variable, env[variable] ?? ''))}): ${issue.message}`);
  }
  const e = parsed.data;
  const oidcParts = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
  const oidcSet = oidcParts.filter((p) => p !== undefined).length;
  if (oidcSet !== 0 && oidcSet !== 3) {
    const missing = (['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const).find((k) => !e[k])!;
    throw new ConfigError(missing, 'is required when any OIDC_* variable is set');
  }
  const domains = (e.ALLOWED_EMAIL_DOMAINS ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
  for (const d of domains) {
    if (!/^[a-z0-9.-]+\.[a-z]{2,}$/.test(d)) {
      throw new ConfigError('ALLOWED_EMAIL_DOMAINS', `(${JSON.stringify(d)}): not a domain name`);
    }
  }
  if (Boolean(e.ASSISTANT_URL) !== Boolean(e.ASSISTANT_API_KEY)) {
    throw new ConfigError(e.ASSISTANT_URL ? 'ASSISTANT_API_KEY' : 'ASSISTANT_URL', 'is required when the other ASSISTANT_* setting is set');
  }
  const dataDir = resolve(cwd, e.DATA_DIR);
  return {
    authorityLinks: authorityLinksOf(e.AUTHORITY_LINKS),
    port: e.PORT,
    host: e.HOST,
    dataDir,
    storageDir: resolve(cwd, e.STORAGE_DIR ?? resolve(dataDir, 'files')),
    databaseUrl: e.DATABASE_URL,
    maxUploadMb: e.MAX_UPLOAD_MB,
    retentionDays: e.RETENTION_DAYS,
    logLevel: e.LOG_LEVEL,
    role: e.ROLE,
    publicHost: e.PUBLIC_HOST?.toLowerCase(),
    appUrl: e.APP_URL?.replace(/\/+$/, ''),
    secureCookies: e.APP_URL?.startsWith('https://') ?? false,
    trustProxy: e.TRUST_PROXY ?? false,
    oidc:
      oidcSet === 3
        ? { issuer: e.OIDC_ISSUER!, clientId: e.OIDC_CLIENT_ID!, clientSecret: e.OIDC_CLIENT_SECRET! }
        : undefined,
    allowedEmailDomains: domains,
    registration: e.REGISTRATION ?? 'invitation',
    ocrWorkers: e.OCR_WORKERS,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    staleJobMs: e.JOB_STALE_SECONDS * 1000,
    pdfMemoryMb: e.PDF_MEMORY_MB,
    pdfSecondsPerPage: e.PDF_SECONDS_PER_PAGE,
    pdfMaxSeconds: e.PDF_MAX_SECONDS,
    pdfDrawingBudgetMb: e.PDF_DRAWING_BUDGET_MB,
    pdfIncrementalFromMb: e.PDF_INCREMENTAL_FROM_MB,
    requestIdleMs: e.REQUEST_IDLE_SECONDS * 1000,
    requestBodyMs: e.REQUEST_BODY_SECONDS * 1000,
    uploadMs: e.UPLOAD_SECONDS * 1000,
    connections: { total: e.MAX_CONNECTIONS, perAddress: e.MAX_CONNECTIONS_PER_ADDRESS },
    shutdownMs: e.SHUTDOWN_SECONDS * 1000,
    rateLimits: { registerPerHour: e.REGISTER_PER_HOUR, loginPerMinute: e.LOGIN_PER_MINUTE },
    signInThrottle: {
      freeFailures: e.SIGN_IN_FREE_FAILURES,
      delayMs: e.SIGN_IN_DELAY_SECONDS * 1000,
      maxDelayMs: Math.max(e.SIGN_IN_MAX_DELAY_SECONDS, e.SIGN_IN_DELAY_SECONDS) * 1000,
    },
    trashDays: e.TRASH_DAYS,
    assistant:
      e.ASSISTANT_URL && e.ASSISTANT_API_KEY
        ? {
            url: e.ASSISTANT_URL.replace(/\/+$/, ''),
            apiKey: e.ASSISTANT_API_KEY,
            model: e.ASSISTANT_MODEL,
            timeoutMs: e.ASSISTANT_TIMEOUT_SECONDS * 1000,
          }
        : undefined,
  };
}

/**
 * AUTHORITY_LINKS: 'off', 'on', or the templates themselves as JSON (never a file to read: a value that is
 * not JSON is refused, whatever it names). Each template an https address with its host written out.
 */
function authorityLinksOf(value: string | undefined): AuthorityLinks {
  if (value === undefined || value.toLowerCase() === 'off') return 'off';
  if (value.toLowerCase() === 'on') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new ConfigError('AUTHORITY_LINKS', "must be 'off', 'on' or a JSON object of address templates by family (not a file name)");
  }
  try {
    return checkAuthorityTemplates(parsed);
  } catch (err) {
    throw new ConfigError('AUTHORITY_LINKS', `is not valid: ${(err as Error).message}`);
  }
}
