import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, lstatSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { OcrEngine, PixelLine } from './engine-types.ts';
import { englishDataPath } from './english-model.ts';

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

let modelDir: string | null | undefined;

/**
 * A folder holding the English LSTM model tesseract.js reads (`@tesseract.js-data/eng`, best_int), unpacked
 * for the tesseract program, or null when it cannot be written (the program then reads the system's model).
 *
 * Debian's `tesseract-ocr-eng` is the "fast" model: on the scanned copies of the real filings it read index
 * pages worse (labels `III.` as `I.`, `1.` as `Al.`: 34 of 37 entries found on one contents page where
 * tesseract.js found 37) at ~0.7 of the time. The program with the same model as tesseract.js reads as it
 * does. The folder is the user's own (created 0700 under the temporary directory; one of anyone else, or a
 * link, is not used), and the file is written whole before it is renamed into place.
 */
export function bundledModelDir(): string | null {
  if (modelDir !== undefined) return modelDir;
  modelDir = null;
  try {
    const gz = join(englishDataPath(), 'eng.traineddata.gz');
    if (!existsSync(gz)) return null;
    const model = gunzipSync(readFileSync(gz));
    const uid = process.getuid?.() ?? 0;
    const dir = join(tmpdir(), `brieflink-tessdata-${uid}`);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const st = lstatSync(dir);
    if (!st.isDirectory() || st.uid !== uid || (st.mode & 0o077) !== 0) return null;
    const file = join(dir, 'eng.traineddata');
    const same = existsSync(file) && readFileSync(file).equals(model);
    if (!same) {
      const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      writeFileSync(temp, model, { mode: 0o600 });
      renameSync(temp, file);
    }
    modelDir = dir;
  } catch {
    modelDir = null;
  }
  return modelDir;
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
 * TSV out, asked for by its settings rather than the `tsv` config file: the program looks for config files
 * beside the model it reads, and the bundled model's folder holds none.
 */
const TSV = ['-c', 'tessedit_create_tsv=1', '-c', 'tessedit_create_txt=0'];

/**
 * The native tesseract program, one process per page, the image (PNG or PGM) on stdin and TSV on stdout.
 * OMP_THREAD_LIMIT=1: we run one process per core ourselves, so tesseract's own threads would only compete.
 */
export async function createTesseractCliEngine(): Promise<OcrEngine> {
  const program = findTesseractCli();
  if (!program) throw new Error('the tesseract program with English data is not on PATH');
  const running = new Set<ReturnType<typeof spawn>>();
  const model = bundledModelDir();
  const modelArgs = model ? ['--tessdata-dir', model] : [];

  return {
    name: 'tesseract-cli',
    recognize(image, { psm, dpi }) {
      return new Promise<PixelLine[]>((resolve, reject) => {
        const child = spawn(program, ['stdin', 'stdout', ...modelArgs, '-l', 'eng', '--oem', '1', '--psm', String(psm), '--dpi', String(dpi), ...TSV], {
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
