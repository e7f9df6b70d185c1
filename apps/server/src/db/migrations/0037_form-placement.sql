ALTER TABLE "form" ADD COLUMN "placements" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "form" ADD COLUMN "download_file_uuid" text;--> statement-breakpoint
ALTER TABLE "form" ADD CONSTRAINT "form_download_file_uuid_file_uuid_fk" FOREIGN KEY ("download_file_uuid") REFERENCES "public"."file"("uuid") ON DELETE set null ON UPDATE no action;