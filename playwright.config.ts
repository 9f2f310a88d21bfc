import { defineConfig } from '@playwright/test';

/** The app under test runs on its own port with a fresh temporary DATA_DIR (see test/e2e/serve.ts). */
const port = Number(process.env.E2E_PORT ?? 5055);
export const baseURL = `http://localhost:${port}`;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const jsonOutput = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/playwright.json';

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: jsonOutput }]],
  // Creates the firm's first account (its administrator) once the server is up.
  globalSetup: './test/e2e/global-setup.ts',
  outputDir: 'test-results/e2e',
  use: {
    baseURL,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  webServer: {
    command: 'node --import tsx test/e2e/serve.ts',
    url: `${baseURL}/api/health`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
  },
});
