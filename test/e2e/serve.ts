// Starts the real app (`node bin/start.js`) for the browser tests on E2E_PORT with a fresh temporary
// DATA_DIR and the embedded database, and removes that directory once the app has stopped. The upload
// limit and retention period are set to unusual values so the tests can tell configured from hard-coded.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'brieflink-e2e-'));
// When run as root the embedded PostgreSQL runs as another user, which must be able to enter this directory.
chmodSync(dataDir, 0o755);
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: process.env.E2E_PORT ?? '5055',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  MAX_UPLOAD_MB: '123',
  RETENTION_DAYS: '45',
  // every browser test signs up its own people from this one address
  REGISTER_PER_HOUR: '1000',
  // The same server seen as 127.0.0.1 plays the production public host; as localhost it is the app.
  PUBLIC_HOST: '127.0.0.1',
  // the default public addresses of authorities, for a case that asks for them (off for every other case)
  AUTHORITY_LINKS: 'on',
};
delete env.DATABASE_URL;
delete env.OIDC_ISSUER;
delete env.REGISTRATION;
// Sign-up stays closed (invitation only), except for the test users' domain; people.spec.ts invites
// addresses outside it.
env.ALLOWED_EMAIL_DOMAINS = 'example.com';

// Its own process group, so a stop signal to the test runner's group reaches it exactly once, through us.
const app = spawn(process.execPath, ['bin/start.js'], { cwd: root, env, stdio: 'inherit', detached: true });

let forwarded = false;
const forward = (signal: NodeJS.Signals) => () => {
  if (forwarded || app.exitCode !== null) return;
  forwarded = true;
  app.kill(signal);
};
process.on('SIGTERM', forward('SIGTERM'));
process.on('SIGINT', forward('SIGINT'));

app.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
