CREATE TABLE "submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"submitted_by" uuid,
	"submitted_by_email" text,
	"approved_by" text,
	"court" text,
	"court_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sha256" text NOT NULL,
	"page_count" integer NOT NULL,
	"file_size" bigint NOT NULL,
	"validation" jsonb NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "approved_sha256" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "approval_withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "approval_withdrawn_reason" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "reviewed_key" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "reviewed_sha256" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "reviewed_validation" jsonb;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "regenerated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "reviewed_current" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "engine_target_page" integer;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submissions_case_idx" ON "submissions" USING btree ("case_id","submitted_at");--> statement-breakpoint
CREATE INDEX "submissions_document_idx" ON "submissions" USING btree ("document_id");