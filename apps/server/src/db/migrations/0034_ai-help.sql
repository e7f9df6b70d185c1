CREATE TABLE "ai_request" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"target" text NOT NULL,
	"task" text NOT NULL,
	"messages" jsonb NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"fault" text DEFAULT '' NOT NULL,
	"tokens" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"base_url" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"api_key" text DEFAULT '' NOT NULL,
	"monthly_token_budget" integer DEFAULT 500000 NOT NULL,
	"per_user_per_minute" integer DEFAULT 6 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_usage" (
	"account_id" integer NOT NULL,
	"month" text NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"tokens" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ai_usage_account_id_month_pk" PRIMARY KEY("account_id","month")
);
--> statement-breakpoint
ALTER TABLE "ai_request" ADD CONSTRAINT "ai_request_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_request_account_idx" ON "ai_request" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_request_created_idx" ON "ai_request" USING btree ("created_at");