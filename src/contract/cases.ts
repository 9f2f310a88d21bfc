import { z } from 'zod';
import { courtProfileId } from './court-rules.ts';

export const caseRecord = z.object({
  id: z.string(),
  caseNumber: z.string(),
  title: z.string(),
  status: z.string(),
  createdAt: z.string(),
  filingDate: z.string(),
  plaintiff: z.string(),
  defendant: z.string(),
  storagePath: z.string(),
  autoAdvance: z.boolean(),
  /** 'on': the case's briefs have the authorities they cite found and linked when their links are built (DESIGN §8). */
  authorities: z.enum(['off', 'on']),
  /** Where a Table of Authorities row links: the first page of the brief citing the authority, or the authority itself. */
  toaTarget: z.enum(['first-citation', 'authority']),
  /** The court profile the case files under; null: none (custom). */
  courtProfile: z.string().nullable().optional(),
});
export type CaseRecord = z.infer<typeof caseRecord>;

/** GET /api/trash (administrators): a case moved to the Trash, restorable until `purgeAt`. */
export const trashedCase = caseRecord.extend({
  deletedAt: z.string(),
  deletedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  purgeAt: z.string(),
  documentCount: z.number(),
});
export type TrashedCase = z.infer<typeof trashedCase>;

/** GET /api/trash */
export const trash = z.object({ trashDays: z.number(), cases: z.array(trashedCase) });
export type Trash = z.infer<typeof trash>;

const requiredText = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

export const createCaseBody = z.object({
  caseNumber: requiredText('caseNumber', 100),
  title: requiredText('title', 300),
  status: z.string().trim().min(1).max(50).optional(),
  plaintiff: z.string().trim().max(300).optional(),
  defendant: z.string().trim().max(300).optional(),
  filingDate: z
    .string()
    .datetime({ offset: true })
    .refine((v) => {
      const year = new Date(v).getUTCFullYear();
      return year >= 1000 && year <= 9999; // what the database can store (it has no year 0)
    }, 'filingDate must be a date between the years 1000 and 9999')
    .optional(),
  autoAdvance: z.boolean().optional(),
  /** Applies from the next time a brief's links are built. */
  authorities: z.enum(['off', 'on'], { error: "authorities must be 'off' or 'on'" }).optional(),
  toaTarget: z.enum(['first-citation', 'authority'], { error: "toaTarget must be 'first-citation' or 'authority'" }).optional(),
  courtProfile: courtProfileId.nullable().optional(),
});
export type CreateCaseBody = z.infer<typeof createCaseBody>;

export const updateCaseBody = createCaseBody.partial();
export type UpdateCaseBody = z.infer<typeof updateCaseBody>;

/** Every API error has this body; `message` is what the UI shows. */
export const apiError = z.object({
  error: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof apiError>;

/**
 * GET /api/cases/{id}/progress (spec §3 "Workflow progress"): what the server knows of each workflow step.
 * A step with nothing recorded yet is left out; the sidebar then decides it (spec §4, auto-advance off).
 */
export interface WorkflowProgressStep {
  id: 1 | 2 | 3 | 4 | 5 | 6;
  status: 'done' | 'in_progress' | 'error';
  total: number | null;
  done: number | null;
  completedAt: string | null;
}
export interface WorkflowProgress {
  steps: WorkflowProgressStep[];
}
