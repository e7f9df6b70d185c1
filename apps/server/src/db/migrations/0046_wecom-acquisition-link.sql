ALTER TABLE "lead_wecom_contact" ADD COLUMN "kind" text DEFAULT 'contact_way' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_wecom_contact" ADD COLUMN "link_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_wecom_contact" ADD COLUMN "link_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "wecom_contact_settings" ADD COLUMN "mode" text DEFAULT 'contact_way' NOT NULL;