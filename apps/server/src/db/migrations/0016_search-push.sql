CREATE TABLE "search_push_attempt" (
	"id" serial PRIMARY KEY NOT NULL,
	"outbox_id" integer NOT NULL,
	"engine" text NOT NULL,
	"url_count" integer NOT NULL,
	"ok" boolean NOT NULL,
	"http_status" integer,
	"answer" text NOT NULL,
	"accepted" integer,
	"remain" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_push_url" (
	"path" text PRIMARY KEY NOT NULL,
	"last_modified" text DEFAULT '' NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_push_attempt_outbox_idx" ON "search_push_attempt" USING btree ("outbox_id");--> statement-breakpoint
CREATE INDEX "search_push_attempt_at_idx" ON "search_push_attempt" USING btree ("engine","at");