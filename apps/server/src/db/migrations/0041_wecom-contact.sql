CREATE TABLE "inbound_callback" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"idempotency_key" text,
	"raw_body" text NOT NULL,
	"accepted" boolean NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"event" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_wecom_contact" (
	"lead_id" integer PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"owner_account_id" integer,
	"wecom_user_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"config_id" text DEFAULT '' NOT NULL,
	"qr_code" text DEFAULT '' NOT NULL,
	"external_user_id" text DEFAULT '' NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"bound_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wecom_contact_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"corp_id" text DEFAULT '' NOT NULL,
	"secret" text DEFAULT '' NOT NULL,
	"callback_token" text DEFAULT '' NOT NULL,
	"encoding_aes_key" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_wecom_contact" ADD CONSTRAINT "lead_wecom_contact_lead_id_customer_intention_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."customer_intention"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_wecom_contact" ADD CONSTRAINT "lead_wecom_contact_owner_account_id_account_id_fk" FOREIGN KEY ("owner_account_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_callback_key_idx" ON "inbound_callback" USING btree ("platform","idempotency_key");--> statement-breakpoint
CREATE INDEX "inbound_callback_received_idx" ON "inbound_callback" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_wecom_contact_state_idx" ON "lead_wecom_contact" USING btree ("state");