DROP INDEX "rule_updated_idx";--> statement-breakpoint
ALTER TABLE "tenant" ADD COLUMN "kind" text DEFAULT 'school' NOT NULL;--> statement-breakpoint
ALTER TABLE "rule" ADD COLUMN "tenant_id" integer;--> statement-breakpoint
-- Rules made before they had a school go to the first school; without any school they belong to nobody.
UPDATE "rule" SET "tenant_id" = (SELECT min("id") FROM "tenant" WHERE "kind" = 'school');--> statement-breakpoint
DELETE FROM "rule" WHERE "tenant_id" IS NULL;--> statement-breakpoint
ALTER TABLE "rule" ALTER COLUMN "tenant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "rule" ADD CONSTRAINT "rule_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rule_tenant_updated_idx" ON "rule" USING btree ("tenant_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_one_vendor_idx" ON "tenant" USING btree ("kind") WHERE kind = 'vendor';
