ALTER TABLE "file" ADD COLUMN "alt_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "file" ADD COLUMN "focus_x" double precision DEFAULT 0.5 NOT NULL;--> statement-breakpoint
ALTER TABLE "file" ADD COLUMN "focus_y" double precision DEFAULT 0.5 NOT NULL;