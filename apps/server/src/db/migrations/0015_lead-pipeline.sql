CREATE TABLE "lead_follow_up" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"lead_id" integer NOT NULL,
	"kind" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"next_at" timestamp with time zone,
	"account_id" integer,
	"status_from" text,
	"status_to" text,
	"owner_account_id" integer,
	"rule_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_route" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"lead_kinds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"regions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"owner_account_id" integer NOT NULL,
	"position" integer DEFAULT 100 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"request_key" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "owner_account_id" integer;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "next_follow_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_intention" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_follow_up" ADD CONSTRAINT "lead_follow_up_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_follow_up" ADD CONSTRAINT "lead_follow_up_lead_id_customer_intention_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."customer_intention"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_follow_up" ADD CONSTRAINT "lead_follow_up_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_follow_up" ADD CONSTRAINT "lead_follow_up_owner_account_id_account_id_fk" FOREIGN KEY ("owner_account_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_route" ADD CONSTRAINT "lead_route_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_route" ADD CONSTRAINT "lead_route_owner_account_id_account_id_fk" FOREIGN KEY ("owner_account_id") REFERENCES "public"."account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_follow_up_lead_idx" ON "lead_follow_up" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_route_request_key_idx" ON "lead_route" USING btree ("request_key");--> statement-breakpoint
ALTER TABLE "customer_intention" ADD CONSTRAINT "customer_intention_owner_account_id_account_id_fk" FOREIGN KEY ("owner_account_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_intention_owner_idx" ON "customer_intention" USING btree ("site_id","owner_account_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_intention_next_idx" ON "customer_intention" USING btree ("site_id","next_follow_up_at");--> statement-breakpoint
-- Leads someone already worked on have been seen.
UPDATE "customer_intention" SET "seen_at" = "updated_at" WHERE "status" <> 'new';--> statement-breakpoint
-- The old notes box becomes the first entry of each lead's timeline.
INSERT INTO "lead_follow_up" ("site_id", "lead_id", "kind", "note", "created_at")
  SELECT "site_id", "id", 'note', "notes", "updated_at" FROM "customer_intention" WHERE "notes" <> '';--> statement-breakpoint
-- A typed owner name that is exactly one member of the vendor's staff becomes that member.
UPDATE "customer_intention" ci SET "owner_account_id" = m."account_id"
  FROM (
    SELECT a."name", min(a."id") AS "account_id", count(*) AS "n"
    FROM "account" a
    JOIN "employee" e ON e."account_id" = a."id" AND e."status" = 'active' AND e."register_status" = 'confirmed'
    JOIN "tenant" t ON t."id" = e."tenant_id" AND t."kind" = 'vendor'
    GROUP BY a."name"
  ) m
  WHERE m."n" = 1 AND ci."owner" = m."name" AND ci."owner_account_id" IS NULL;
