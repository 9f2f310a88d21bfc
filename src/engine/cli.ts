import { mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parsePageRanges } from './index/parse-page-ranges.ts';
import { detectBrief, linkBrief, type LinkInput, type PipelineProgress, type RecordInput } from './pipeline.ts';
import { romanToArabic } from './refs/locators.ts';
import { prestartTextWorkers } from './text/extract-text.ts';
import { checkAuthorityTemplates, type AuthorityLinks } from './authorities/targets.ts';
import { EngineError } from './types.ts';
import { writeFileAtomic } from './util/atomic-write.ts';
import { PROFILE_IDS, isProfileId, profile as courtProfile } from './court-rules/profiles/index.ts';
import type { IndexEntry, PreflightReport } from './court-rules/preflight.ts';

const HELP = `brieflink - link a brief's index to the pages where its items start

Usage:
  brieflink link <brief.pdf> [--record [NAME=]<record.pdf> ...] [--brief-links] [--no-refs] [--authorities [--authority-links <file.json>|off] [--toa-rows first-citation|authority]] [--index-pages 2-9] --out <dir> [--no-ocr] [--stats]
  brieflink refs <brief.pdf> [--record [NAME=]<record.pdf> ...] [--brief-links] [--index-pages 2-9] [--no-ocr]
  brieflink authorities <brief.pdf> [--record [NAME=]<record.pdf> ...] [--authority-links <file.json>|off] [--index-pages 2-9] [--no-ocr]
  brieflink detect <brief.pdf> [--index-pages 2-9] [--no-ocr]
  brieflink preflight <out.pdf> --profile <id> [--review <review.json>] [--json] [--fix --out <dir>]
  brieflink --help

link    writes <dir>/Master.linked.pdf (the brief, with its records appended in the order given, one
        link per index item and one bookmark per item, one link over every reference the brief makes
        to a record page it resolves to, one bookmark per record) and <dir>/review.json.
refs    prints the references the brief's body makes to its records and to briefs, as JSON on stdout.
authorities  prints every authority the brief cites (cases, statutes, rules, short forms), with its
        parts and the public address it would link to, and the rows of its Table of Authorities
        (toaRow: true), as JSON on stdout.
detect  prints the index items found as JSON on stdout.
preflight  checks a written PDF against a court's rules (read back from the file): each rule pass,
        fail or unchecked, with the pages at fault. With --fix, writes the fixed file (or its volumes)
        to --out and reports each rule against it (fixed where a fix mended it).
        Profiles: ${PROFILE_IDS.join(', ')}.

Options:
  --record [NAME=]<file>  a record document of the case, appended to the output; NAME is how the brief
                        cites it (AB, ER, J.A., Tr., "Smith Affidavit"; "AB Vol. 2" for a volume).
                        Repeat for several records. Without NAME it is read from the record's cover.
  --brief-links         also link references to the brief's own parts (Tab 7 of this Brief, Part III
                        above) to where their index entries link (off by default)
  --no-refs             link the index only, no references to the record
  --authorities         also link every authority the brief cites to its public address (CanLII, Find
                        Case Law, CourtListener, Cornell LII, Justice Laws, e-Laws; off by default)
  --authority-links <f> a JSON file of address templates by family over the defaults, e.g.
                        {"ca-neutral": "https://lib.example.com/{year}/{database}/{number}",
                        "us-case": null}; null turns a family off; "off" lists without linking
  --toa-rows <to>       with --authorities, where each row of a Table of Authorities links:
                        first-citation (the first page citing it, the default) or authority
  --index-pages <list>  the brief's index pages, e.g. 2-9 or 2,3,4 (default: found automatically)
  --out <dir>           output folder (created when missing)
  --no-ocr              do not OCR pages without a text layer
  --profile <id>        the court's profile (preflight)
  --review <file>       review.json of the file, whose index entries must each carry a link (preflight)
  --json                print the preflight report as JSON
  --fix                 write the fixes the profile asks into a copy of the file (preflight, with --out)
  --stats               print wall time and peak memory on stderr at the end
  -h, --help            this help

Exit status: 0 success, 1 bad input, 2 the output did not pass validation (preflight: a rule fails).`;

class UsageError extends Error {}

const REASONS: Record<string, string> = {
  'not-pdf': 'not a PDF file',
  'password-protected': 'password-protected PDF',
  damaged: 'damaged PDF that cannot be repaired',
};

function progressPrinter(): (e: PipelineProgress) => void {
  let lastPhase = '';
  let lastStep = -1;
  return (e) => {
    const step = e.total > 0 ? Math.floor((e.done / e.total) * 10) : 0;
    if (e.phase === lastPhase && step === lastStep) return;
    lastPhase = e.phase;
    lastStep = step;
    const eta = e.etaMs !== undefined && e.done < e.total ? `, about ${Math.ceil(e.etaMs / 1000)} s left` : '';
    const avg = e.avgMsPerPage ? `, ${Math.round(e.avgMsPerPage)} ms/page` : '';
    process.stderr.write(`brieflink: ${e.phase} ${e.done}/${e.total}${avg}${eta}\n`);
  };
}

async function readInput(file: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(file));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder, not a file' : (err as Error).message;
    throw new EngineError('io', `${file}: ${why}`);
  }
}

/** Make the output folder (and its parents when missing) before any work, so a bad --out fails at once. */
async function ensureFolder(dir: string): Promise<void> {
  const info = await stat(dir).catch(() => null);
  if (info?.isDirectory()) return;
  if (info) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR', path: dir });
  const parent = await stat(path.dirname(path.resolve(dir))).catch(() => null);
  // a plain mkdir when the parent exists (recursive mkdir can spin on special file systems)
  await mkdir(dir, { recursive: !parent });
}

/** Run a step that opens `file`, turning the PDF errors into `<file>: <reason>`. */
async function about<T>(file: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof EngineError && REASONS[err.code]) throw new EngineError(err.code, `${file}: ${REASONS[err.code]}`);
    throw err;
  }
}

function indexPagesOption(value: string | undefined): number[] | undefined {
  if (value === undefined) return undefined;
  try {
    return parsePageRanges(value);
  } catch (err) {
    throw new UsageError(`--index-pages ${value}: ${(err as Error).message}`);
  }
}

async function runLink(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      record: { type: 'string', multiple: true },
      'index-pages': { type: 'string' },
      'brief-links': { type: 'boolean' },
      'no-refs': { type: 'boolean' },
      authorities: { type: 'boolean' },
      'authority-links': { type: 'string' },
      'toa-rows': { type: 'string' },
      out: { type: 'string' },
      'no-ocr': { type: 'boolean' },
      stats: { type: 'boolean' },
    },
  });
  if (positionals.length !== 1) throw new UsageError('link needs exactly one brief PDF');
  if (!values.out) throw new UsageError('link needs --out <dir>');
  const toaRows = values['toa-rows'];
  if (toaRows !== undefined && toaRows !== 'first-citation' && toaRows !== 'authority') throw new UsageError(`--toa-rows ${toaRows}: first-citation or authority`);
  const briefFile = positionals[0]!;
  const indexPages = indexPagesOption(values['index-pages']);
  // the threads that read a big brief's pages start while it is read from disk and opened
  prestartTextWorkers();
  const brief = await readInput(briefFile);
  const records = await recordInputs(values.record ?? []);

  // each input opened up front so that an error names the file it is about; the brief is opened once and
  // handed to linkBrief as it is (opening a big file again cost a tenth of a second)
  const { openPdf } = await import('./pdf/index.ts');
  const briefDoc = await about(briefFile, async () => openPdf(brief));
  let options: LinkInput;
  try {
    for (const r of records) await about(r.file, async () => openPdf(r.bytes).close());
    await ensureFolder(values.out);
    options = {
      brief,
      briefDoc,
      briefName: path.basename(briefFile),
      ...(records.length ? { records: await namedRecords(records) } : {}),
      ...(values['brief-links'] ? { briefLinks: true } : {}),
      ...(values['no-refs'] ? { references: false } : {}),
      ...(values.authorities ? { authorities: true, authorityLinks: await authorityLinksOption(values['authority-links']), ...(toaRows ? { toaTarget: toaRows } : {}) } : {}),
      ...(indexPages ? { indexPages } : {}),
      ocr: values['no-ocr'] ? 'off' : 'auto',
      onProgress: progressPrinter(),
    };
  } catch (err) {
    briefDoc.close();
    throw err;
  }
  const result = await linkBrief(options);

  const pdfPath = path.join(values.out, 'Master.linked.pdf');
  await writeFileAtomic(pdfPath, result.pdf);
  await writeFileAtomic(path.join(values.out, 'review.json'), `${JSON.stringify(result.review, null, 2)}\n`);
  for (const f of result.ocrFailed.slice(0, 5)) process.stderr.write(`brieflink: OCR failed on page ${f.page}: ${f.error}\n`);
  if (result.ocrFailed.length > 5) process.stderr.write(`brieflink: OCR failed on ${result.ocrFailed.length - 5} more pages\n`);

  const v = result.review.validation;
  process.stderr.write(
    `brieflink: ${v.links_created}/${v.expected_tabs} items linked, ${v.broken_links} broken links -> ${pdfPath}\n`,
  );
  if (result.review.authorities) {
    const unresolved = result.review.authorities.filter((a) => a.url === null && a.targetPage === null).length;
    process.stderr.write(`brieflink: ${v.authorities_linked ?? 0} authorities linked, ${unresolved} unresolved, ${v.authorities_broken ?? 0} broken\n`);
  }
  if (!v.success) {
    const missing = result.review.links.filter((l) => l.masterPage === null).map((l) => l.item);
    const why = v.expected_tabs === 0
      ? `no index found${result.reason ? ` (${result.reason})` : ''}`
      : missing.length
        ? `no destination for item(s) ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ` and ${missing.length - 10} more` : ''}`
        : 'links or bookmarks did not read back as written';
    process.stderr.write(`brieflink: validation failed: ${why}\n`);
  }
  return v.success ? 0 : 2;
}

interface RecordArg {
  file: string;
  bytes: Uint8Array;
  citeAs: string | null;
  volume?: string;
}

/** `--record AB=appeal-book.pdf`, `--record "AB Vol. 2=ab2.pdf"`, `--record record.pdf`. */
async function recordInputs(values: string[]): Promise<RecordArg[]> {
  const out: RecordArg[] = [];
  for (const v of values) {
    const eq = v.indexOf('=');
    // a file whose own name holds `=` is a file when it exists as given
    const named = eq > 0 && !(await stat(v).catch(() => null));
    const file = named ? v.slice(eq + 1) : v;
    const name = named ? v.slice(0, eq).trim() : null;
    const vol = name ? /^(.*?)[,\s]+vol(?:ume|\.)?\s*(\d{1,2}|[IVX]{1,5})$/i.exec(name) : null;
    out.push({
      file,
      bytes: await readInput(file),
      citeAs: vol ? vol[1]!.trim() : name,
      ...(vol ? { volume: romanToArabic(vol[2]!.toUpperCase()) } : {}),
    });
  }
  return out;
}

/** Records with their names: given, or read from each record's cover. */
async function namedRecords(records: RecordArg[]): Promise<RecordInput[]> {
  const { recordIdentity } = await import('./refs/record-cover.ts');
  const { openPdf } = await import('./pdf/index.ts');
  return records.map((r) => {
    let citeAs = r.citeAs;
    let volume = r.volume;
    if (citeAs === null || volume === undefined) {
      const doc = openPdf(r.bytes);
      try {
        const id = recordIdentity([1, 2].filter((p) => p <= doc.pageCount).map((p) => doc.pageText(p)));
        citeAs ??= id.citeAs ?? '';
        volume ??= id.volume ?? undefined;
      } finally {
        doc.close();
      }
    }
    return { bytes: r.bytes, name: path.basename(r.file), citeAs, ...(volume ? { volume } : {}) };
  });
}

/**
 * The one brief of `refs` or `authorities` (with its `--record`s, `--index-pages` and `--no-ocr`) linked
 * with `more`, for what its review lists.
 */
async function linkForListing(
  command: string,
  values: { record?: string[]; 'index-pages'?: string; 'no-ocr'?: boolean },
  positionals: string[],
  more: Partial<Parameters<typeof linkBrief>[0]>,
) {
  if (positionals.length !== 1) throw new UsageError(`${command} needs exactly one brief PDF`);
  const briefFile = positionals[0]!;
  const indexPages = indexPagesOption(values['index-pages']);
  prestartTextWorkers();
  const brief = await readInput(briefFile);
  const records = await recordInputs(values.record ?? []);
  return about(briefFile, async () =>
    linkBrief({
      brief,
      briefName: path.basename(briefFile),
      ...(records.length ? { records: await namedRecords(records) } : {}),
      ...more,
      ...(indexPages ? { indexPages } : {}),
      ocr: values['no-ocr'] ? 'off' : 'auto',
      onProgress: progressPrinter(),
    }),
  );
}

async function runRefs(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { record: { type: 'string', multiple: true }, 'index-pages': { type: 'string' }, 'brief-links': { type: 'boolean' }, 'no-ocr': { type: 'boolean' } },
  });
  const result = await linkForListing('refs', values, positionals, values['brief-links'] ? { briefLinks: true } : {});
  const references = (result.review.references ?? []).map((r) => ({
    page: r.page,
    text: r.text,
    kind: r.kind,
    doc: r.doc,
    volume: r.volume,
    target: r.target,
    targetPage: r.targetPage,
    bbox: r.bbox,
    parts: r.parts,
    record: r.record,
    confidence: r.confidence,
    why: r.why,
  }));
  process.stdout.write(`${JSON.stringify({ references }, null, 2)}\n`);
  return 0;
}

/** `--authority-links`: 'off', or a JSON file of templates by family. */
async function authorityLinksOption(value: string | undefined): Promise<AuthorityLinks> {
  if (value === undefined) return {};
  if (value === 'off') return 'off';
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(await readInput(value)));
  } catch (err) {
    if (err instanceof EngineError) throw err;
    throw new UsageError(`--authority-links ${value}: not JSON (${(err as Error).message})`);
  }
  try {
    return checkAuthorityTemplates(parsed);
  } catch (err) {
    throw new UsageError(`--authority-links ${value}: ${(err as Error).message}`);
  }
}

async function runAuthorities(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { record: { type: 'string', multiple: true }, 'authority-links': { type: 'string' }, 'index-pages': { type: 'string' }, 'no-ocr': { type: 'boolean' } },
  });
  const result = await linkForListing('authorities', values, positionals, {
    authorities: true,
    authorityLinks: await authorityLinksOption(values['authority-links']),
  });
  const authorities = (result.review.authorities ?? []).map((a) => ({
    id: a.id,
    page: a.page,
    text: a.text,
    kind: a.kind,
    family: a.family,
    parts: a.parts,
    url: a.url,
    targetPage: a.targetPage,
    ...(a.tab ? { tab: a.tab } : {}),
    why: a.why,
    spans: a.spans,
    ...(a.shortForm ? { shortForm: a.shortForm, antecedent: a.antecedent ?? null } : {}),
    ...(a.footnote ? { footnote: true } : {}),
    ...(a.toaRow ? { toaRow: true } : {}),
  }));
  process.stdout.write(`${JSON.stringify({ authorities }, null, 2)}\n`);
  return 0;
}

async function runDetect(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { 'index-pages': { type: 'string' }, 'no-ocr': { type: 'boolean' } },
  });
  if (positionals.length !== 1) throw new UsageError('detect needs exactly one PDF');
  const file = positionals[0]!;
  const indexPages = indexPagesOption(values['index-pages']);
  const bytes = await readInput(file);
  const detection = await about(file, () =>
    detectBrief({
      brief: bytes,
      ...(indexPages ? { indexPages } : {}),
      ocr: values['no-ocr'] ? 'off' : 'auto',
      onProgress: progressPrinter(),
    }),
  );
  process.stdout.write(`${JSON.stringify(detection, null, 2)}\n`);
  if (detection.items.length === 0) process.stderr.write(`brieflink: no index found: ${detection.reason ?? ''}\n`);
  return 0;
}

async function runPreflight(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      profile: { type: 'string' },
      review: { type: 'string' },
      json: { type: 'boolean' },
      fix: { type: 'boolean' },
      out: { type: 'string' },
      stats: { type: 'boolean' },
    },
  });
  if (positionals.length !== 1) throw new UsageError('preflight needs exactly one PDF');
  if (!values.profile) throw new UsageError(`preflight needs --profile <id> (one of ${PROFILE_IDS.join(', ')})`);
  if (!isProfileId(values.profile)) throw new UsageError(`--profile ${values.profile}: unknown court profile (one of ${PROFILE_IDS.join(', ')})`);
  if (values.fix && !values.out) throw new UsageError('--fix needs --out <dir>');
  const file = positionals[0]!;
  const bytes = await readInput(file);
  let indexEntries: IndexEntry[] | undefined;
  if (values.review) {
    const text = await readFile(values.review, 'utf8').catch((err: Error) => {
      throw new EngineError('io', `${values.review}: ${err.message}`);
    });
    let review: { index?: { items?: Array<{ label: string; page: number; bbox: [number, number, number, number] }> } };
    try {
      review = JSON.parse(text);
    } catch {
      throw new UsageError(`--review ${values.review}: not JSON`);
    }
    indexEntries = (review.index?.items ?? []).map((i) => ({ label: i.label, page: i.page, bbox: i.bbox }));
  }
  const prof = courtProfile(values.profile);
  const { fixForCourt, preflightFile } = await import('./court-rules/fix.ts');
  const { preflightText } = await import('./court-rules/preflight.ts');
  const name = path.basename(file);
  const opts = { name, ...(indexEntries ? { indexEntries } : {}) };
  let reports: PreflightReport[];
  if (values.fix) {
    await ensureFolder(values.out!);
    const out = await about(file, async () => fixForCourt(bytes, prof, opts));
    for (const v of out.volumes) await writeFileAtomic(path.join(values.out!, v.name), v.bytes);
    reports = out.volumes.map((v) => v.report);
  } else {
    reports = [await about(file, async () => preflightFile(bytes, bytes.length, prof, opts))];
  }
  process.stdout.write(values.json ? `${JSON.stringify(reports.length === 1 ? reports[0] : reports, null, 2)}\n` : preflightText(reports));
  return reports.every((r) => r.ok) ? 0 : 2;
}

/** The `brieflink` command. Returns the exit status. */
export async function main(argv: string[]): Promise<number> {
  const started = performance.now();
  const stats = argv.includes('--stats');
  try {
    const [command, ...rest] = argv;
    if (!command || command === '--help' || command === '-h' || rest.includes('--help') || rest.includes('-h')) {
      process.stdout.write(`${HELP}\n`);
      return command ? 0 : 1;
    }
    if (command === 'link') return await runLink(rest);
    if (command === 'detect') return await runDetect(rest);
    if (command === 'refs') return await runRefs(rest);
    if (command === 'authorities') return await runAuthorities(rest);
    if (command === 'preflight') return await runPreflight(rest);
    throw new UsageError(`unknown command '${command}' (try --help)`);
  } catch (err) {
    if (err instanceof UsageError || (err instanceof TypeError && (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))) {
      process.stderr.write(`brieflink: ${err.message}\n`);
      return 1;
    }
    if (err instanceof EngineError) {
      process.stderr.write(`brieflink: ${err.message}\n`);
      return 1;
    }
    const io = err as NodeJS.ErrnoException;
    if (typeof io.code === 'string' && io.path) {
      // e.g. --out names a file, or a folder that cannot be written
      const why = io.code === 'EEXIST' || io.code === 'ENOTDIR' ? 'not a folder'
        : io.code === 'EACCES' || io.code === 'EPERM' ? 'permission denied'
        : io.code === 'ENOENT' ? 'cannot be created' : io.message;
      process.stderr.write(`brieflink: ${io.path}: ${why}\n`);
      return 1;
    }
    process.stderr.write(`brieflink: internal error: ${(err as Error).stack ?? String(err)}\n`);
    return 3;
  } finally {
    if (stats) {
      const wall = Math.round(performance.now() - started);
      const usage = process.resourceUsage();
      const rss = Math.round(usage.maxRSS / 1024);
      const cpu = Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000);
      process.stderr.write(`brieflink: stats wall_ms=${wall} peak_rss_mb=${rss} cpu_ms=${cpu}\n`);
    }
  }
}
