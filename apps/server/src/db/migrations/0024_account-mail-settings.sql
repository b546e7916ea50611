CREATE TABLE "account_mail_settings" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"from_name" text,
	"from_email" text,
	"reply_to" text,
	"dkim_domain" text,
	"dkim_selector" text,
	"dkim_key_sealed" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_mail_settings" ADD CONSTRAINT "account_mail_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;