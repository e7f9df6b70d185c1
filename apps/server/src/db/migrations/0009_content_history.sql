CREATE TABLE "content_revision" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"changed" text[] DEFAULT '{}'::text[] NOT NULL,
	"snapshot" jsonb NOT NULL,
	"account_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recycle_bin" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"title" text NOT NULL,
	"payload" jsonb NOT NULL,
	"account_id" integer,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "article" ADD COLUMN "first_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_revision" ADD CONSTRAINT "content_revision_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_revision" ADD CONSTRAINT "content_revision_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recycle_bin" ADD CONSTRAINT "recycle_bin_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recycle_bin" ADD CONSTRAINT "recycle_bin_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_revision_target_idx" ON "content_revision" USING btree ("site_id","target_type","target_id","id");--> statement-breakpoint
CREATE INDEX "recycle_bin_site_idx" ON "recycle_bin" USING btree ("site_id","deleted_at");--> statement-breakpoint
-- Backfill: articles live before this migration first went live at their publish time.
UPDATE "article" SET "first_published_at" = "publish_time" WHERE "status" IN ('published', 'scheduled');
