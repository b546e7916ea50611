CREATE TABLE "account_mail_settings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"from_name" text,
	"from_email" text,
	"reply_to" text,
	"dkim_domain" text,
	"dkim_selector" text,
	"dkim_key_sealed" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_mail_settings_account_idx" UNIQUE("account_id")
);
--> statement-breakpoint
ALTER TABLE "account_mail_settings" ADD CONSTRAINT "account_mail_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;