CREATE TABLE "file_revision" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_uuid" text NOT NULL,
	"blob_key" text NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"format" text NOT NULL,
	"content_type" text NOT NULL,
	"sha256" text NOT NULL,
	"replaced_by_account_id" integer,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_revision_blob_key_unique" UNIQUE("blob_key")
);
--> statement-breakpoint
ALTER TABLE "file" ADD COLUMN "content_updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "file_revision" ADD CONSTRAINT "file_revision_file_uuid_file_uuid_fk" FOREIGN KEY ("file_uuid") REFERENCES "public"."file"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_revision" ADD CONSTRAINT "file_revision_replaced_by_account_id_account_id_fk" FOREIGN KEY ("replaced_by_account_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_revision_file_idx" ON "file_revision" USING btree ("file_uuid","id");--> statement-breakpoint
UPDATE "file" SET "content_updated_at" = "created_at";
