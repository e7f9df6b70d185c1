ALTER TABLE "customer_intention" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "privacy_article_id" integer;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "privacy_version" integer;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "privacy_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "anonymised_at" timestamp with time zone;