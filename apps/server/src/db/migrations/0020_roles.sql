CREATE TABLE "role" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"builtin_key" text,
	"name" text NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "employee" ADD COLUMN "role_id" integer;--> statement-breakpoint
ALTER TABLE "role" ADD CONSTRAINT "role_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "role_tenant_name_idx" ON "role" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "role_tenant_builtin_idx" ON "role" USING btree ("tenant_id","builtin_key");--> statement-breakpoint
ALTER TABLE "employee" ADD CONSTRAINT "employee_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employee_role_idx" ON "employee" USING btree ("role_id");--> statement-breakpoint
INSERT INTO "role" ("tenant_id", "builtin_key", "name")
SELECT t.id, r.key, r.name FROM "tenant" t
CROSS JOIN (VALUES ('admin', '管理员', 0), ('editor', '内容编辑', 1), ('sales', '销售', 1), ('viewer', '只读', 1), ('staff', '教职工', 2)) AS r(key, name, kind)
WHERE r.kind = 0 OR (r.kind = 1 AND t.kind = 'vendor') OR (r.kind = 2 AND t.kind <> 'vendor');--> statement-breakpoint
-- The vendor's ordinary members had no site rights: a custom role 成员 without permissions keeps it so.
INSERT INTO "role" ("tenant_id", "name") SELECT t.id, '成员' FROM "tenant" t WHERE t.kind = 'vendor';--> statement-breakpoint
-- admin stays 管理员; an ordinary member becomes 成员 at the vendor and 教职工 at a school.
UPDATE "employee" e SET "role_id" = r.id FROM "role" r, "tenant" t
WHERE r.tenant_id = e.tenant_id AND t.id = e.tenant_id
  AND CASE WHEN e.access = 'admin' THEN r.builtin_key = 'admin'
           WHEN t.kind = 'vendor' THEN r.builtin_key IS NULL AND r.name = '成员'
           ELSE r.builtin_key = 'staff' END;
