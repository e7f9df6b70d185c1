CREATE TABLE "lead_visit" (
	"lead_id" integer PRIMARY KEY NOT NULL,
	"visit_id" text NOT NULL,
	"browser_id" text DEFAULT '' NOT NULL,
	"agent" text NOT NULL,
	"previous_lead_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_page" (
	"id" serial PRIMARY KEY NOT NULL,
	"visit_id" text NOT NULL,
	"browser_id" text DEFAULT '' NOT NULL,
	"agent" text NOT NULL,
	"path" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lead_id" integer
);
--> statement-breakpoint
ALTER TABLE "lead_visit" ADD CONSTRAINT "lead_visit_lead_id_customer_intention_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."customer_intention"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_visit" ADD CONSTRAINT "lead_visit_previous_lead_id_customer_intention_id_fk" FOREIGN KEY ("previous_lead_id") REFERENCES "public"."customer_intention"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_page" ADD CONSTRAINT "visit_page_lead_id_customer_intention_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."customer_intention"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_visit_visit_idx" ON "lead_visit" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "lead_visit_browser_idx" ON "lead_visit" USING btree ("browser_id");--> statement-breakpoint
CREATE INDEX "visit_page_visit_idx" ON "visit_page" USING btree ("visit_id","viewed_at");--> statement-breakpoint
CREATE INDEX "visit_page_browser_idx" ON "visit_page" USING btree ("browser_id");--> statement-breakpoint
CREATE INDEX "visit_page_lead_idx" ON "visit_page" USING btree ("lead_id","viewed_at");--> statement-breakpoint
CREATE INDEX "visit_page_viewed_idx" ON "visit_page" USING btree ("viewed_at");