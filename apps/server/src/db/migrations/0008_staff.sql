CREATE TABLE "password_link" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"account_id" integer NOT NULL,
	"tenant_id" integer,
	"purpose" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sign_in_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text NOT NULL,
	"method" text NOT NULL,
	"user_agent" text,
	"client_address" text
);
--> statement-breakpoint
ALTER TABLE "employee" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "employee" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "key" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "password_link" ADD CONSTRAINT "password_link_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_link" ADD CONSTRAINT "password_link_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_link" ADD CONSTRAINT "password_link_created_by_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_event" ADD CONSTRAINT "sign_in_event_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "password_link_token_idx" ON "password_link" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_link_account_idx" ON "password_link" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sign_in_event_account_idx" ON "sign_in_event" USING btree ("account_id","at");--> statement-breakpoint
CREATE INDEX "sign_in_event_at_idx" ON "sign_in_event" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "session_key_idx" ON "session" USING btree ("key");