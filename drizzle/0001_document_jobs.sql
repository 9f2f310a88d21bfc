ALTER TABLE "documents" ADD COLUMN "process_run" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "process_heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "link_run" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "link_heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "link_failure_reason" text;