ALTER TABLE "sms_code" ADD COLUMN "status" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_code" ADD COLUMN "ip_hash" text;--> statement-breakpoint
ALTER TABLE "sms_code" ADD COLUMN "error" text;--> statement-breakpoint
CREATE INDEX "sms_code_ip_idx" ON "sms_code" USING btree ("ip_hash","sent_at");