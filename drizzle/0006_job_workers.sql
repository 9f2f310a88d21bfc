ALTER TABLE "documents" ADD COLUMN "process_worker" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "link_worker" text;