import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { OcrEngine, PixelLine } from './engine-types.ts';

let cliPath: string | null | undefined;

/** Full path of the native `tesseract` program when it is on PATH and runs; null otherwise. */
export function findTesseractCli(): string | null {
  if (cliPath !== undefined) return cliPath;
  cliPath = null;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, 'tesseract');
    try {
      accessSync(candidate, constants.X_OK);
    } catch {
      continue;
    }
    const probe = spawnSync(candidate, ['--list-langs'], { encoding: 'utf8', timeout: 10_000 });
    if (probe.status === 0 && /^eng$/m.test(probe.stdout)) cliPath = candidate;
    break;
  }
  return cliPath;
}

/**
 * Parse tesseract's TSV output: one row per word (level 5), grouped into lines by
 * (block, paragraph, line) in the order tesseract gives them.
 */
export function parseTesseractTsv(tsv: string): PixelLine[] {
  const lines: PixelLine[] = [];
  let key = '';
  let current: PixelLine | null = null;
  for (const row of tsv.split('\n')) {
    const cols = row.split('\t');
    if (cols.length < 12 || cols[0] !== '5') continue;
    const [, , block, par, line, , left, top, width, height, conf] = cols.map(Number) as number[];
    const text = cols.slice(11).join('\t');
    const lineKey = `${block}.${par}.${line}`;
    if (lineKey !== key || !current) {
      current = { words: [] };
      lines.push(current);
      key = lineKey;
    }
    current.words.push({
      text,
      box: [left!, top!, left! + width!, top! + height!],
      confidence: Math.max(0, conf!),
    });
  }
  return lines;
}

/**
 * The native tesseract program, one process per page, the image (PNG or PGM) on stdin and TSV on stdout.
 * OMP_THREAD_LIMIT=1: we run one process per core ourselves, so tesseract's own threads would only compete.
 */
export async function createTesseractCliEngine(): Promise<OcrEngine> {
  const program = findTesseractCli();
  if (!program) throw new Error('the tesseract program with English data is not on PATH');
  const running = new Set<ReturnType<typeof spawn>>();

  return {
    name: 'tesseract-cli',
    recognize(image, { psm, dpi }) {
      return new Promise<PixelLine[]>((resolve, reject) => {
        const child = spawn(program, ['stdin', 'stdout', '-l', 'eng', '--psm', String(psm), '--dpi', String(dpi), 'tsv'], {
          env: { ...process.env, OMP_THREAD_LIMIT: '1' },
          stdio: ['pipe', 'pipe', 'pipe'],
        });
        running.add(child);
        const out: Buffer[] = [];
        const err: Buffer[] = [];
        child.stdout.on('data', (b: Buffer) => out.push(b));
        child.stderr.on('data', (b: Buffer) => err.push(b));
        child.on('error', (e) => {
          running.delete(child);
          reject(e);
        });
        child.on('close', (code) => {
          running.delete(child);
          if (code === 0) resolve(parseTesseractTsv(Buffer.concat(out).toString('utf8')));
          else reject(new Error(`tesseract exited with ${code}: ${Buffer.concat(err).toString('utf8').trim().slice(0, 200)}`));
        });
        child.stdin.on('error', () => {}); // reported through 'close'
        child.stdin.end(image);
      });
    },
    async close() {
      for (const child of running) child.kill();
      running.clear();
    },
  };
}
