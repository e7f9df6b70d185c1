CREATE TABLE "ad_conversion" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"platform" text NOT NULL,
	"event" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ad_conversion_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"baidu_enabled" boolean DEFAULT false NOT NULL,
	"baidu_token" text DEFAULT '' NOT NULL,
	"baidu_types" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"webhook_enabled" boolean DEFAULT false NOT NULL,
	"webhook_url" text DEFAULT '' NOT NULL,
	"webhook_secret" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "bd_vid" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "qhclickid" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "clickid" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "logid_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_conversion" ADD CONSTRAINT "ad_conversion_lead_id_customer_intention_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."customer_intention"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_conversion_key_idx" ON "ad_conversion" USING btree ("platform","lead_id","event");--> statement-breakpoint
CREATE INDEX "ad_conversion_count_idx" ON "ad_conversion" USING btree ("platform","event","status");