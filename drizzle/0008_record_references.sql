CREATE TABLE "brief_records" (
	"brief_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brief_references" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"kind" text NOT NULL,
	"page" integer NOT NULL,
	"text" text NOT NULL,
	"doc" text NOT NULL,
	"target" text NOT NULL,
	"parts" jsonb NOT NULL,
	"spans" jsonb NOT NULL,
	"record_doc_id" uuid,
	"target_page" integer,
	"engine_record_doc_id" uuid,
	"engine_target_page" integer,
	"status" text DEFAULT 'auto' NOT NULL,
	"why" text,
	"confidence" numeric DEFAULT '0' NOT NULL,
	"short_form" text,
	"footnote" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "cite_as" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "volume" integer;--> statement-breakpoint
ALTER TABLE "brief_records" ADD CONSTRAINT "brief_records_brief_id_documents_id_fk" FOREIGN KEY ("brief_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brief_records" ADD CONSTRAINT "brief_records_record_id_documents_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brief_references" ADD CONSTRAINT "brief_references_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brief_references" ADD CONSTRAINT "brief_references_record_doc_id_documents_id_fk" FOREIGN KEY ("record_doc_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brief_records_brief_record_key" ON "brief_records" USING btree ("brief_id","record_id");--> statement-breakpoint
CREATE INDEX "brief_records_record_idx" ON "brief_records" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "brief_references_document_idx" ON "brief_references" USING btree ("document_id","ordinal");--> statement-breakpoint
INSERT INTO "brief_records" ("brief_id", "record_id", "position") SELECT "id", "record_document_id", 0 FROM "documents" WHERE "record_document_id" IS NOT NULL;