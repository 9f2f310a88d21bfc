ALTER TABLE "links" ADD COLUMN "target_paragraph" integer;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "highlighted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "notes" text;