ALTER TABLE "documents" ADD COLUMN "kind" text DEFAULT 'brief' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "record_document_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_record_document_id_documents_id_fk" FOREIGN KEY ("record_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;