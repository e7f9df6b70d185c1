CREATE TABLE "staff_notice" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sign_in_event" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "sign_in_event" ADD COLUMN "identity" text;--> statement-breakpoint
ALTER TABLE "staff_notice" ADD CONSTRAINT "staff_notice_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_notice_account_idx" ON "staff_notice" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "sign_in_event_method_idx" ON "sign_in_event" USING btree ("method","at");