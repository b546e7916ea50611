CREATE TABLE "receipt_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"mail_message_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_sends_key_check" CHECK (length("receipt_sends"."key") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "receipt_settings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"subject" text,
	"email_template_id" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "receipt_sends" ADD CONSTRAINT "receipt_sends_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_sends" ADD CONSTRAINT "receipt_sends_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_settings" ADD CONSTRAINT "receipt_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_settings" ADD CONSTRAINT "receipt_settings_email_template_id_email_templates_id_fk" FOREIGN KEY ("email_template_id") REFERENCES "public"."email_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_sends_order_kind_key_idx" ON "receipt_sends" USING btree ("order_id","kind","key");--> statement-breakpoint
CREATE INDEX "receipt_sends_account_idx" ON "receipt_sends" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_settings_account_kind_idx" ON "receipt_settings" USING btree ("account_id","kind");