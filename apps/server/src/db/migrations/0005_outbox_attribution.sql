CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 8 NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"dedupe_key" text,
	"interval_ms" integer,
	"label" text DEFAULT '' NOT NULL,
	"subject_type" text,
	"subject_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "landing_page" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "referrer_host" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "search_engine" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "search_keyword" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "utm_source" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "utm_medium" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "utm_campaign" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "device_class" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "outbox_kind_idx" ON "outbox" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "outbox_subject_idx" ON "outbox" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_dedupe_idx" ON "outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "customer_intention_source_idx" ON "customer_intention" USING btree ("site_id","utm_source","search_engine","referrer_host");