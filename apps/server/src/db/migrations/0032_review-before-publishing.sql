CREATE TABLE "article_review" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"base_version" integer NOT NULL,
	"proposal" jsonb NOT NULL,
	"submitted_by" integer NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"comment" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "article_review" ADD CONSTRAINT "article_review_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_review" ADD CONSTRAINT "article_review_article_id_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."article"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_review" ADD CONSTRAINT "article_review_submitted_by_account_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_review" ADD CONSTRAINT "article_review_decided_by_account_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_review_state_idx" ON "article_review" USING btree ("site_id","state","submitted_at");--> statement-breakpoint
CREATE INDEX "article_review_article_idx" ON "article_review" USING btree ("article_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "article_review_pending_idx" ON "article_review" USING btree ("article_id") WHERE "article_review"."state" = 'pending';--> statement-breakpoint
-- Publishing became its own permission (docs/decisions/051). A custom role keeps what it could do: one that
-- wrote articles or products also publishes them. Built-in roles take theirs from the contract.
UPDATE "role" SET "permissions" = "permissions" || '["articles.publish"]'::jsonb
  WHERE "builtin_key" IS NULL AND "permissions" ? 'articles.write' AND NOT "permissions" ? 'articles.publish';--> statement-breakpoint
UPDATE "role" SET "permissions" = "permissions" || '["products.publish"]'::jsonb
  WHERE "builtin_key" IS NULL AND "permissions" ? 'products.write' AND NOT "permissions" ? 'products.publish';--> statement-breakpoint
-- The vendor's new built-in 撰稿人 (writes, submits for review, does not publish). Where a custom role already
-- has that name, it keeps it and the vendor goes without the built-in one.
INSERT INTO "role" ("tenant_id", "builtin_key", "name")
  SELECT "id", 'writer', '撰稿人' FROM "tenant" WHERE "kind" = 'vendor'
  ON CONFLICT DO NOTHING;
