CREATE TABLE "lead_score_rules" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"fit" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"behaviour" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "score_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_score_rules" ADD CONSTRAINT "lead_score_rules_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_intention_score_idx" ON "customer_intention" USING btree ("site_id","score");