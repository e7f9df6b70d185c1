ALTER TABLE "customer_intention" ALTER COLUMN "school_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "kind" text DEFAULT 'sales' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "company_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "business_scope" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "team_size" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "customer_intention_kind_idx" ON "customer_intention" USING btree ("site_id","kind","created_at");--> statement-breakpoint
-- The agent page's form asked reseller companies for a 学校名称: what they typed there is their company.
UPDATE "customer_intention" SET "kind" = 'agent', "company_name" = "school_name" WHERE "source_page" LIKE '/agent%';
