// Messages between the server and its PDF worker thread (see pdf-task.worker.ts).
import type { AuthorityLinks } from '../../engine/authorities/targets.ts';
import type { PageLimits, WholeSaveReason } from '../../engine/pdf/index.ts';
import type { TextLineSpec } from '../../engine/pdf/make-text-pdf.ts';
import type { IndexDetection, ReviewJson } from '../../engine/types.ts';
import type { ReviewedSet, ReviewedValidation } from '../../engine/write/write-reviewed.ts';
import type { FullReadings } from './page-store.ts';
import type { IndexEntry, PreflightReport } from '../../engine/court-rules/preflight.ts';
import type { ProfileId } from '../../engine/court-rules/types.ts';

/** What every task is given besides its own fields. */
interface TaskCommon {
  /**
   * The task's memory limit (PDF_MEMORY_MB): the worker refuses, once it has opened the file, a file
   * whose output must be written whole (encrypted, active content) and would need more (pdf-task.ts).
   */
  memoryMb?: number;
  /** Outputs of files from this size (bytes) on are written as incremental updates (PdfDoc.saveToFile). */
  incrementalFrom?: number;
}

export type PdfTask = TaskCommon & (
  | {
      op: 'read';
      limits: PageLimits;
      sourcePath: string;
      pagesPath: string;
      ocrPagesPath: string;
      detectionPath: string;
      indexPages?: number[];
      ocrWorkers?: number;
      /**
       * Dense scanned pages read only where destinations are found (ocr/quick-read.ts), their full
       * reading left to the 'text-layer' task. Without it every page is read in full.
       */
      quick?: boolean;
    }
  | {
      /**
       * The pages the quick reading left partial completed (their middle bands read, or the whole
       * page when the partial reading carries no bands), saved to `full` as it goes.
       */
      op: 'text-layer';
      limits: PageLimits;
      sourcePath: string;
      ocrPagesPath: string;
      full: FullReadings;
      ocrWorkers?: number;
    }
  | {
      /** Master.linked.pdf written again from review.json (the same links) with the text as stored now. */
      op: 'relayer';
      limits: PageLimits;
      sourcePath: string;
      pagesPath: string;
      ocrPagesPath: string;
      full: FullReadings;
      reviewPath: string;
      outputPath: string;
      /** The record documents of a paired brief, appended after it in order as when the links were built. */
      records?: RecordFiles[];
    }
  | {
      op: 'link';
      limits: PageLimits;
      sourcePath: string;
      pagesPath: string;
      ocrPagesPath: string;
      detectionPath: string;
      indexPages?: number[];
      briefName: string;
      outputPath: string;
      reviewPath: string;
      /** The record documents the brief points into, in order (their stored text); the output is then the merged master. */
      records?: RecordFiles[];
      full?: FullReadings;
      /**
       * The case asks for its authorities (DESIGN §8): found and linked to a Book of Authorities among the
       * records, else by `links` (the server's AUTHORITY_LINKS); a Table of Authorities row to `toaTarget`.
       */
      authorities?: { links: AuthorityLinks; toaTarget: 'first-citation' | 'authority' };
    }
  | {
      /** The reviewed PDF from the uploaded original and the reviewed link set, read back and checked. */
      op: 'regenerate';
      sourcePath: string;
      /** The text read before (page-store.ts), for page labels matching the printed numbers. */
      pagesPath: string;
      ocrPagesPath: string;
      full?: FullReadings;
      outputPath: string;
      set: ReviewedSet;
      /** The record documents a paired brief's links go into: appended in order, the reviewed PDF is the merged master. */
      records?: RecordFiles[];
      /** The case's court profile: what it asks is fixed in the reviewed PDF (not its split into volumes). */
      courtProfile?: ProfileId;
    }
  | {
      /** A court package: the approved PDF checked (hash, validation, active content) and copied, and its report. */
      op: 'package';
      approvedPath: string;
      sha256: string;
      set: ReviewedSet;
      pdfOut: string;
      reportPdfOut: string;
      reportPdfPages: TextLineSpec[][];
      reportCsvOut: string;
      reportCsv: string;
    }
  | {
      /** A court profile's rules checked against a written PDF, read back (engine/court-rules). */
      op: 'preflight';
      path: string;
      name: string;
      profile: ProfileId;
      /** The index entries that must each carry a link. */
      indexEntries: IndexEntry[];
    }
  | {
      /** A filed PDF split into the court's volumes (engine/court-rules fixForCourt), each read back and checked. */
      op: 'volumes';
      path: string;
      name: string;
      profile: ProfileId;
      indexEntries: IndexEntry[];
      /** Volume n is written to `${outPrefix}-${n}.pdf`. */
      outPrefix: string;
    }
);

export interface VolumesOutcome {
  volumes: Array<{ path: string; pages: number; bytes: number; firstPage: number }>;
  reports: PreflightReport[];
}

/** A trial record's uploaded original and the text stored when it was read (page-store.ts). */
export interface RecordFiles {
  /** The record document's id (the server's; the worker only passes it through). */
  id?: string;
  name: string;
  /** How the brief cites it (`AB`, `ER`); null: read from its cover. */
  citeAs?: string | null;
  volume?: number | null;
  sourcePath: string;
  pagesPath: string;
  ocrPagesPath: string;
  /** The record's pages completed in the background (its quick reading otherwise). */
  full?: FullReadings;
}

export interface RegenerateOutcome {
  validation: ReviewedValidation;
  sha256: string;
  fileSize: number;
  pageCount: number;
  /** Active content found in the written PDF (should be none). */
  activeContent: string[];
  /** The printed number of each page written as its label, or null when the document keeps its own. */
  pageLabels: Array<string | null> | null;
  /** What the court profile's fixes changed in the reviewed PDF, by rule; null without a profile. */
  courtFixes: { profile: ProfileId; fixes: Record<string, string[]> } | null;
}

export interface PackageOutcome {
  /** SHA-256 of the approved file as it is on disk now. */
  sha256: string;
  validation: ReviewedValidation;
  activeContent: string[];
  pageCount: number;
  fileSize: number;
}

export interface ReadOutcome {
  pageCount: number;
  /** Pages without a usable text layer. */
  needsOcr: number;
  ocrFailed: Array<{ page: number; error: string }>;
  detection: IndexDetection;
  /** Pages read only in part (quick reading), whose full reading is left to the 'text-layer' task. */
  partialPages: number[];
}

export interface TextLayerOutcome {
  /** Pages completed (this run and before). */
  done: number;
  total: number;
  failed: Array<{ page: number; error: string }>;
}

export interface RelayerOutcome {
  validationOk: boolean;
}

export interface LinkOutcome {
  review: ReviewJson;
  reason?: string;
  /** How Master.linked.pdf was written: its size, the time it took, and whether as an update of the upload. */
  written?: { bytes: number; ms: number; incremental: boolean; whole?: WholeSaveReason };
}

export interface TaskProgress {
  /** 'index': pages read in full where the index needs them, after the first reading. */
  phase: 'text' | 'ocr' | 'index';
  done: number;
  total: number;
  etaMs?: number;
  avgMsPerPage?: number;
}

export type PdfTaskMessage =
  | ({ type: 'progress' } & TaskProgress)
  | { type: 'result'; result: unknown }
  | { type: 'error'; code: string; message: string };
