ALTER TABLE "article" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "article" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "category" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "category" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "product_tag" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_tag" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "article_request_key_idx" ON "article" USING btree ("request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "category_request_key_idx" ON "category" USING btree ("request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "product_request_key_idx" ON "product" USING btree ("request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "product_tag_site_name_idx" ON "product_tag" USING btree ("site_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "product_tag_request_key_idx" ON "product_tag" USING btree ("request_key");