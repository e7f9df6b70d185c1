CREATE TABLE "lead_claim" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"lead_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"day" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_merge" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"kind" text NOT NULL,
	"source_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	"moved_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"written_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" integer
);
--> statement-breakpoint
CREATE TABLE "lead_pool_settings" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"days" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"daily_claim_limit" integer DEFAULT 10 NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_run_ms" integer,
	"last_run_returned" integer,
	"last_run_error" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_account" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"region" text NOT NULL,
	"name_key" text NOT NULL,
	"region_key" text NOT NULL,
	"merged_into_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "school_account_id" integer;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "account_confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "merged_into_id" integer;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "pooled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "pool_reason" text;--> statement-breakpoint
ALTER TABLE "lead_claim" ADD CONSTRAINT "lead_claim_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_claim" ADD CONSTRAINT "lead_claim_lead_id_customer_intention_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."customer_intention"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_claim" ADD CONSTRAINT "lead_claim_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_merge" ADD CONSTRAINT "lead_merge_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_merge" ADD CONSTRAINT "lead_merge_created_by_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_merge" ADD CONSTRAINT "lead_merge_undone_by_account_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_pool_settings" ADD CONSTRAINT "lead_pool_settings_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_account" ADD CONSTRAINT "school_account_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_account" ADD CONSTRAINT "school_account_merged_into_id_school_account_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."school_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_claim_account_day_idx" ON "lead_claim" USING btree ("account_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_merge_live_idx" ON "lead_merge" USING btree ("kind","source_id") WHERE "lead_merge"."undone_at" is null;--> statement-breakpoint
CREATE INDEX "lead_merge_target_idx" ON "lead_merge" USING btree ("kind","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "school_account_key_idx" ON "school_account" USING btree ("site_id","name_key","region_key");--> statement-breakpoint
ALTER TABLE "customer_intention" ADD CONSTRAINT "customer_intention_school_account_id_school_account_id_fk" FOREIGN KEY ("school_account_id") REFERENCES "public"."school_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD CONSTRAINT "customer_intention_merged_into_id_customer_intention_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."customer_intention"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_intention_account_idx" ON "customer_intention" USING btree ("school_account_id");--> statement-breakpoint
CREATE INDEX "customer_intention_pool_idx" ON "customer_intention" USING btree ("site_id","pooled_at");