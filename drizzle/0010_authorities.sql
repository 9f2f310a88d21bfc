CREATE TABLE "brief_authorities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"page" integer NOT NULL,
	"text" text NOT NULL,
	"kind" text NOT NULL,
	"family" text NOT NULL,
	"parts" jsonb NOT NULL,
	"spans" jsonb NOT NULL,
	"url" text,
	"record_doc_id" uuid,
	"target_page" integer,
	"brief_page" integer,
	"tab" text,
	"engine_url" text,
	"engine_record_doc_id" uuid,
	"engine_target_page" integer,
	"engine_brief_page" integer,
	"status" text DEFAULT 'auto' NOT NULL,
	"why" text,
	"short_form" text,
	"antecedent" integer,
	"footnote" boolean DEFAULT false NOT NULL,
	"toa_row" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "authorities" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "toa_target" text DEFAULT 'first-citation' NOT NULL;--> statement-breakpoint
ALTER TABLE "brief_authorities" ADD CONSTRAINT "brief_authorities_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brief_authorities" ADD CONSTRAINT "brief_authorities_record_doc_id_documents_id_fk" FOREIGN KEY ("record_doc_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brief_authorities_document_idx" ON "brief_authorities" USING btree ("document_id","ordinal");