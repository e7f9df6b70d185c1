CREATE TABLE "backup_run" (
	"id" serial PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"file_name" text,
	"size_bytes" bigint,
	"files" integer,
	"error" text,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "backup_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"schedule" text DEFAULT 'daily' NOT NULL,
	"hour" integer DEFAULT 3 NOT NULL,
	"keep" integer DEFAULT 7 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "backup_run" ADD CONSTRAINT "backup_run_requested_by_account_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backup_run_created_idx" ON "backup_run" USING btree ("created_at");