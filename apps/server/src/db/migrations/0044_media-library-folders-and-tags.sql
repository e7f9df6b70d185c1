CREATE TABLE "file_folder" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer,
	"parent_id" integer,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_tag" (
	"file_uuid" text NOT NULL,
	"tag" text NOT NULL,
	CONSTRAINT "file_tag_file_uuid_tag_pk" PRIMARY KEY("file_uuid","tag")
);
--> statement-breakpoint
ALTER TABLE "file" ADD COLUMN "folder_id" integer;--> statement-breakpoint
ALTER TABLE "file_folder" ADD CONSTRAINT "file_folder_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_folder" ADD CONSTRAINT "file_folder_parent_id_file_folder_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."file_folder"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_tag" ADD CONSTRAINT "file_tag_file_uuid_file_uuid_fk" FOREIGN KEY ("file_uuid") REFERENCES "public"."file"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_folder_parent_idx" ON "file_folder" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "file_tag_tag_idx" ON "file_tag" USING btree ("tag");--> statement-breakpoint
ALTER TABLE "file" ADD CONSTRAINT "file_folder_id_file_folder_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."file_folder"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_folder_idx" ON "file" USING btree ("folder_id");