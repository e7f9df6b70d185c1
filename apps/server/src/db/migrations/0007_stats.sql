CREATE TABLE "stat_daily" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" text NOT NULL,
	"dim" text NOT NULL,
	"key" text NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL,
	"demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_event" (
	"id" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"day" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"referrer_host" text DEFAULT '' NOT NULL,
	"engine" text DEFAULT '' NOT NULL,
	"keyword" text DEFAULT '' NOT NULL,
	"utm_source" text DEFAULT '' NOT NULL,
	"utm_medium" text DEFAULT '' NOT NULL,
	"utm_campaign" text DEFAULT '' NOT NULL,
	"device" text NOT NULL,
	"width_band" text,
	"visitor" text NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_hourly" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_salt" (
	"day" text PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_spider" (
	"day" text NOT NULL,
	"spider" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"verified" text NOT NULL,
	"hits" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "stat_spider_day_spider_path_status_verified_pk" PRIMARY KEY("day","spider","path","status","verified")
);
--> statement-breakpoint
CREATE INDEX "stat_daily_day_dim_idx" ON "stat_daily" USING btree ("dim","day");--> statement-breakpoint
CREATE INDEX "stat_event_day_idx" ON "stat_event" USING btree ("day");--> statement-breakpoint
CREATE INDEX "stat_event_visitor_idx" ON "stat_event" USING btree ("visitor","path","at");--> statement-breakpoint
CREATE INDEX "stat_spider_day_idx" ON "stat_spider" USING btree ("day");