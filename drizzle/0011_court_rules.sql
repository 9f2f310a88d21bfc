-- Court rules (docs/adr/0009): the court a case files in (its profile; null = none, the custom profile),
-- and on each submission the preflight report of the filed file and, when it failed, the reviewer's reason
-- for filing it all the same; on a document, the fixes the court's rules made to its reviewed PDF.
ALTER TABLE "cases" ADD COLUMN "court_profile" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "preflight" jsonb;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "preflight_override" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "court_fixes" jsonb;
