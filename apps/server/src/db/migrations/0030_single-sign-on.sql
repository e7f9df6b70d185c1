CREATE TABLE "external_identity" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"provider" text NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oidc_login_state" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"browser_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"account_id" integer,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sign_in_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"oidc_enabled" boolean DEFAULT false NOT NULL,
	"issuer" text DEFAULT '' NOT NULL,
	"client_id" text DEFAULT '' NOT NULL,
	"client_secret" text DEFAULT '' NOT NULL,
	"scopes" text DEFAULT 'openid profile email' NOT NULL,
	"username_claim" text DEFAULT 'preferred_username' NOT NULL,
	"groups_claim" text DEFAULT 'groups' NOT NULL,
	"jit" boolean DEFAULT false NOT NULL,
	"jit_tenant_id" integer,
	"jit_role_id" integer,
	"role_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sso_required" boolean DEFAULT false NOT NULL,
	"break_glass" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "external_identity" ADD CONSTRAINT "external_identity_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_login_state" ADD CONSTRAINT "oidc_login_state_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_settings" ADD CONSTRAINT "sign_in_settings_jit_tenant_id_tenant_id_fk" FOREIGN KEY ("jit_tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_settings" ADD CONSTRAINT "sign_in_settings_jit_role_id_role_id_fk" FOREIGN KEY ("jit_role_id") REFERENCES "public"."role"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "external_identity_subject_idx" ON "external_identity" USING btree ("provider","issuer","subject");--> statement-breakpoint
CREATE INDEX "external_identity_account_idx" ON "external_identity" USING btree ("account_id");