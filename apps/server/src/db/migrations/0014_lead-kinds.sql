ALTER TABLE "customer_intention" ALTER COLUMN "school_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "kind" text DEFAULT 'sales' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "company_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "business_scope" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "team_size" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "customer_intention_kind_idx" ON "customer_intention" USING btree ("site_id","kind","created_at");