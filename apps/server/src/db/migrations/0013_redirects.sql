CREATE TABLE "not_found_log" (
	"key" text PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"path" text NOT NULL,
	"referrer" text DEFAULT '' NOT NULL,
	"bot" boolean NOT NULL,
	"hits" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redirect_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"from_path" text NOT NULL,
	"match_type" text NOT NULL,
	"to_url" text NOT NULL,
	"status_code" integer DEFAULT 301 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"request_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "redirect_rule" ADD CONSTRAINT "redirect_rule_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "not_found_log_path_idx" ON "not_found_log" USING btree ("site_id","path");--> statement-breakpoint
CREATE INDEX "not_found_log_last_idx" ON "not_found_log" USING btree ("last_at");--> statement-breakpoint
CREATE UNIQUE INDEX "redirect_rule_from_idx" ON "redirect_rule" USING btree ("site_id","match_type","from_path");--> statement-breakpoint
CREATE UNIQUE INDEX "redirect_rule_request_key_idx" ON "redirect_rule" USING btree ("request_key");