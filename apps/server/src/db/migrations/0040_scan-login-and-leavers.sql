CREATE TABLE "leaver_sync" (
	"id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"handover_to" integer,
	"configured_by" integer,
	"last_run" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_token" (
	"key" text PRIMARY KEY NOT NULL,
	"token" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"refreshing_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scan_platform_app" (
	"platform" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"corp_id" text DEFAULT '' NOT NULL,
	"agent_id" text DEFAULT '' NOT NULL,
	"app_key" text DEFAULT '' NOT NULL,
	"app_secret" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oidc_login_state" ADD COLUMN "provider" text DEFAULT 'oidc' NOT NULL;--> statement-breakpoint
ALTER TABLE "leaver_sync" ADD CONSTRAINT "leaver_sync_handover_to_account_id_fk" FOREIGN KEY ("handover_to") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaver_sync" ADD CONSTRAINT "leaver_sync_configured_by_account_id_fk" FOREIGN KEY ("configured_by") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;