CREATE TABLE "email_template_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"template_id" bigint NOT NULL,
	"user_id" bigint,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_template_versions" ADD CONSTRAINT "email_template_versions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_template_versions" ADD CONSTRAINT "email_template_versions_template_id_email_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."email_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_template_versions" ADD CONSTRAINT "email_template_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_template_versions_account_template_idx" ON "email_template_versions" USING btree ("account_id","template_id","id");--> statement-breakpoint
-- Each existing template starts with its current design as its first version, saved by its owner.
INSERT INTO "email_template_versions" ("account_id", "template_id", "user_id", "content", "created_at")
SELECT "account_id", "id", "user_id",
	jsonb_build_object('name', "name", 'config', "config", 'css', "css", 'html', "html"), "updated_at"
FROM "email_templates";
