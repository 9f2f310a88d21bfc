// A running app with its job workers, one signed-up user and one case of theirs: the setting of every
// test that uploads documents and waits for them to be processed.
import type { JobQueue } from '../../../src/server/jobs/queue.ts';
import { signUp, startTestApp, type TestApp, type TestAppOptions } from './app.ts';
import { createCase, startWorkers } from './documents.ts';

export interface CaseSession {
  t: TestApp;
  cookie: string;
  caseId: string;
  /** Stops the workers, then the app. */
  close(): Promise<void>;
}

export async function openCaseSession(opts: TestAppOptions = {}): Promise<CaseSession> {
  const t = await startTestApp(opts);
  let workers: JobQueue | undefined;
  const close = async () => {
    await workers?.stop();
    await t.close();
  };
  try {
    workers = await startWorkers(t);
    const cookie = (await signUp(t.app)).cookie;
    const caseId = await createCase(t.app, cookie);
    return { t, cookie, caseId, close };
  } catch (err) {
    await close();
    throw err;
  }
}
