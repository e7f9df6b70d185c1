-- Two-step verification required per role (decision 033): the organisation's "admins must" switch becomes
-- the built-in 管理员 role's flag, so an organisation that required it keeps requiring it.
ALTER TABLE "role" ADD COLUMN "mfa_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "role" SET "mfa_required" = true FROM "tenant"
  WHERE "role"."tenant_id" = "tenant"."id" AND "role"."builtin_key" = 'admin' AND "tenant"."mfa_required_for_admins";--> statement-breakpoint
ALTER TABLE "tenant" DROP COLUMN "mfa_required_for_admins";
