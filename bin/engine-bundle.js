// The engine CLI and its worker threads, bundled into plain JavaScript under dist/engine so that a
// run does not load TypeScript through loader hooks (that cost ~0.3 s at start and ~0.4 s in every
// worker thread). The bundle is rebuilt whenever a source file it was built from has changed, so it
// never runs stale code; when it cannot be built (read-only install, a source that does not
// compile) the caller falls back to running the TypeScript sources.
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Entry points of the engine bundle: output name → source, relative to the repository root. */
export const ENGINE_ENTRIES = {
  cli: 'src/engine/cli.ts',
  'extract-text.worker': 'src/engine/text/extract-text.worker.ts',
  'ocr.worker': 'src/engine/ocr/ocr.worker.ts',
};

/**
 * Entry points of the server's worker threads (and the engine workers they start in turn), bundled under
 * dist/server-workers so that the server, which runs from its TypeScript sources, starts each worker as
 * plain JavaScript. A worker that loads TypeScript through tsx starts an esbuild service process of its
 * own, which the server never reaps once the worker ends: finished esbuild processes piled up.
 * Every worker file's name is unique: a bundled worker starts another as its sibling `<name>.mjs`.
 */
export const SERVER_WORKER_ENTRIES = {
  'pdf-task.worker': 'src/server/documents/pdf-task.worker.ts',
  'link-plan.worker': 'src/server/documents/link-plan.worker.ts',
  'page-images.worker': 'src/server/documents/page-images.worker.ts',
  'page-summary.worker': 'src/server/screens/page-summary.worker.ts',
  'generate.worker': 'src/server/sample/generate.worker.ts',
  'extract-text.worker': ENGINE_ENTRIES['extract-text.worker'],
  'ocr.worker': ENGINE_ENTRIES['ocr.worker'],
};

/** Packages loaded from node_modules at run time: they load their own wasm, data and workers. */
const EXTERNAL = ['mupdf', 'tesseract.js', '@tesseract.js-data/*'];

/** Bumped when the build options change, so that bundles made with the old ones are rebuilt. */
const BUILD_VERSION = 3;

/**
 * MuPDF reads globalThis.$libmupdf_wasm_Module when it loads, and src/engine/pdf/wasm-handle.ts must
 * set it first. Imports of an external package are hoisted above everything in a bundle, so each
 * entry runs that module and only then imports the rest dynamically (a separate chunk, which
 * imports 'mupdf').
 */
function entrySource(src) {
  const load = `await import(${JSON.stringify(`./${src}`)})`;
  return `import './src/engine/pdf/wasm-handle.ts';\n` +
    (src.endsWith('cli.ts') ? `export const { main } = ${load};\n` : `${load};\n`);
}

/**
 * Whether the bundle in `outDir` was built from the sources as they are now: every input file
 * recorded at build time (and package-lock.json) still has the same size and modification time.
 */
export async function bundleIsFresh(outDir, root = ROOT) {
  let manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(outDir, 'manifest.json'), 'utf8'));
  } catch {
    return false;
  }
  if (manifest.version !== BUILD_VERSION || !manifest.inputs) return false;
  try {
    const checks = await Promise.all(
      Object.entries(manifest.inputs).map(async ([file, [size, mtimeMs]]) => {
        const s = await stat(path.join(root, file));
        return s.size === size && s.mtimeMs === mtimeMs;
      }),
    );
    return checks.every(Boolean);
  } catch {
    return false;
  }
}

/**
 * Build the bundle into `outDir`: one ESM file per entry (`<name>.mjs`) and manifest.json listing the
 * input files. Each file is written under a temporary name and renamed, so that a process running
 * the bundle while another rebuilds it never reads half a file; the manifest comes last.
 * @param {string} outDir
 * @param {{ root?: string, entries?: Record<string, string> }} [options]
 */
export async function buildBundle(outDir, { root = ROOT, entries = ENGINE_ENTRIES } = {}) {
  const esbuild = await import('esbuild');
  // esbuild's service process is stopped once the bundle is built: a server lives for weeks
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.keys(entries).map((name) => [name, `entry:${name}`])),
    plugins: [{
      name: 'brieflink-entries',
      setup(b) {
        b.onResolve({ filter: /^entry:/ }, (a) => ({ path: a.path.slice('entry:'.length), namespace: 'brieflink-entry' }));
        b.onLoad({ filter: /.*/, namespace: 'brieflink-entry' }, (a) => ({ contents: entrySource(entries[a.path]), resolveDir: root, loader: 'js' }));
      },
    }],
    outdir: outDir,
    splitting: true,
    chunkNames: 'chunk-[hash]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    external: EXTERNAL,
    define: { BRIEFLINK_BUNDLE: 'true' },
    // bundled CommonJS dependencies call require(); ESM output has none of its own
    banner: { js: "import { createRequire as __brieflinkRequire } from 'node:module'; const require = __brieflinkRequire(import.meta.url);" },
    sourcemap: 'inline',
    metafile: true,
    write: false,
    logLevel: 'silent',
  }).finally(() => esbuild.stop());
  const inputs = {};
  await Promise.all(
    Object.keys(result.metafile.inputs)
      .filter((file) => !file.includes(':') && !file.includes('node_modules/'))
      .map(async (file) => {
        const s = await stat(path.join(root, file));
        inputs[file] = [s.size, s.mtimeMs];
      }),
  );
  // and the lock file, for the packages bundled with the sources
  const lock = await stat(path.join(root, 'package-lock.json')).catch(() => null);
  if (lock) inputs['package-lock.json'] = [lock.size, lock.mtimeMs];
  await mkdir(outDir, { recursive: true });
  const tag = `.tmp-${process.pid}-${Date.now()}`;
  // chunks before the entries that import them, the manifest last
  const isChunk = (f) => path.basename(f.path).startsWith('chunk-');
  const files = [
    ...result.outputFiles.filter(isChunk), ...result.outputFiles.filter((f) => !isChunk(f)),
  ].map((f) => ({ file: f.path, contents: f.contents }));
  files.push({ file: path.join(outDir, 'manifest.json'), contents: JSON.stringify({ version: BUILD_VERSION, inputs }, null, 1) });
  for (const { file, contents } of files) {
    await writeFile(file + tag, contents);
    await rename(file + tag, file);
  }
  // chunks of earlier builds
  const written = new Set(files.map((f) => path.basename(f.file)));
  for (const name of await readdir(outDir)) {
    // (another process's temporary files are left alone: it renames them in a moment)
    if (/^chunk-\w+\.mjs$/.test(name) && !written.has(name)) await rm(path.join(outDir, name), { force: true });
  }
}

/**
 * The folder of the server's bundled worker threads, built or rebuilt first when stale; null when it
 * cannot be built (the workers then run from their TypeScript sources).
 */
export async function prepareServerWorkers(outDir = path.join(ROOT, 'dist/server-workers')) {
  if (process.env.BRIEFLINK_NO_BUNDLE === '1') return null;
  try {
    if (!(await bundleIsFresh(outDir))) await buildBundle(outDir, { entries: SERVER_WORKER_ENTRIES });
    return outDir;
  } catch (err) {
    console.error(`brieflink: the worker threads run from their sources (their bundle could not be built: ${err instanceof Error ? err.message.split('\n')[0] : err})`);
    return null;
  }
}

/**
 * The young generation of the thread that runs the bundled CLI, in MB. V8 lets it grow to 48 MB by default, all
 * of it resident once a big brief has filled it: bounded, the 1,235-page brief peaked 22 MB lower at the same speed.
 */
const CLI_YOUNG_GENERATION_MB = 8;

/**
 * Run the engine's CLI with `argv` and give its exit status: the bundle (built or rebuilt first when stale) in a
 * thread of its own, whose young generation is bounded (V8 takes that bound only when a thread starts); or, when
 * the bundle cannot be built, the TypeScript sources through tsx on this thread.
 */
export async function runEngineCli(argv, outDir = path.join(ROOT, 'dist/engine')) {
  if (process.env.BRIEFLINK_NO_BUNDLE !== '1') {
    let fresh = false;
    try {
      if (!(await bundleIsFresh(outDir))) await buildBundle(outDir);
      fresh = true;
    } catch {
      // fall through to the sources, which report any real error themselves
    }
    if (fresh) return runInThread(pathToFileURL(path.join(outDir, 'cli.mjs')).href, argv);
  }
  const { register } = await import('tsx/esm/api');
  register();
  const { main } = await import('../src/engine/cli.ts');
  return main(argv);
}

/** The bundled CLI on a worker thread (bin/engine-cli-thread.js): its exit status, 3 when the thread itself failed. */
async function runInThread(cli, argv) {
  const { Worker } = await import('node:worker_threads');
  return new Promise((resolve) => {
    let status = null;
    const worker = new Worker(new URL('./engine-cli-thread.js', import.meta.url), {
      argv,
      workerData: { cli },
      resourceLimits: { maxYoungGenerationSizeMb: CLI_YOUNG_GENERATION_MB },
    });
    worker.on('message', (code) => {
      status = code;
    });
    worker.on('error', (err) => {
      process.stderr.write(`brieflink: internal error: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
      status = 3;
    });
    worker.on('exit', () => resolve(status ?? 3));
  });
}
