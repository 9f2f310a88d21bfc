// `npm run dev`: hot reload for the web app. Starts the API (the real server, `node bin/start.js`)
// on API_PORT (default 5001) and a Vite dev server on PORT (default 5000) that proxies /api to it.
// The browser only talks to the Vite server, so cookies and the Origin check see one host.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const root = fileURLToPath(new URL('../..', import.meta.url));
const webPort = Number(process.env.PORT ?? 5000);
const apiPort = Number(process.env.API_PORT ?? 5001);

const api: ChildProcess = spawn(process.execPath, ['bin/start.js'], {
  cwd: root,
  stdio: 'inherit',
  // The dev server serves the web app itself, so the API need not build it.
  env: { ...process.env, PORT: String(apiPort), BRIEFLINK_SKIP_WEB_BUILD: '1' },
});

const vite = await createServer({
  configFile: fileURLToPath(new URL('../../vite.config.ts', import.meta.url)),
  server: {
    port: webPort,
    strictPort: true,
    host: process.env.HOST ?? 'localhost',
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
await vite.listen();
vite.printUrls();

let stopping = false;
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  await vite.close();
  if (api.exitCode === null) {
    api.kill('SIGTERM');
    await new Promise((done) => api.once('exit', done));
  }
  process.exit(code);
}

api.on('exit', (code) => {
  if (!stopping) {
    console.error(`The API server stopped (exit code ${code ?? 'unknown'}); stopping the dev server.`);
    void stop(code ?? 1);
  }
});
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
// Vite ends the process itself on SIGTERM; whichever way this process ends, the API is told to stop
// (it shuts down gracefully on its own, including the embedded database).
process.on('exit', () => {
  if (api.exitCode === null) api.kill('SIGTERM');
});
