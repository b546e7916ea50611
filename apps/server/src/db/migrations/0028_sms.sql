CREATE TABLE "sms_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"default_number_id" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_accounts_balance_check" CHECK ("sms_accounts"."balance_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"to" text NOT NULL,
	"from" text NOT NULL,
	"body" text NOT NULL,
	"country" text NOT NULL,
	"price_minor" bigint NOT NULL,
	"status" text NOT NULL,
	"provider_sid" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_numbers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"phone_number" text NOT NULL,
	"country" text NOT NULL,
	"provider_sid" text NOT NULL,
	"funnel_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_suppressions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"phone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_top_ups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"reference" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_accounts" ADD CONSTRAINT "sms_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_numbers" ADD CONSTRAINT "sms_numbers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_numbers" ADD CONSTRAINT "sms_numbers_funnel_id_funnels_id_fk" FOREIGN KEY ("funnel_id") REFERENCES "public"."funnels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_suppressions" ADD CONSTRAINT "sms_suppressions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_top_ups" ADD CONSTRAINT "sms_top_ups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_accounts_account_idx" ON "sms_accounts" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sms_messages_account_idx" ON "sms_messages" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_numbers_phone_idx" ON "sms_numbers" USING btree ("phone_number");--> statement-breakpoint
CREATE INDEX "sms_numbers_account_idx" ON "sms_numbers" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_suppressions_phone_idx" ON "sms_suppressions" USING btree ("account_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_top_ups_key_idx" ON "sms_top_ups" USING btree ("account_id","idempotency_key");