CREATE TABLE "billing_charges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"plan_key" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"description" text NOT NULL,
	"reference" text,
	"failure_message" text,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"plan_key" text NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"payment_method_sealed" text,
	"card_brand" text,
	"card_last4" text,
	"card_exp_month" integer,
	"card_exp_year" integer,
	"current_period_end" timestamp with time zone NOT NULL,
	"failed_tries" integer DEFAULT 0 NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"stripe_event_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"family" text NOT NULL,
	"interval" text NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"trial_days" integer,
	"features" jsonb NOT NULL,
	"limits" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"offered" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_charges_idempotency_idx" ON "billing_charges" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "billing_charges_account_idx" ON "billing_charges" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_subscriptions_account_idx" ON "billing_subscriptions" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_subscriptions_stripe_idx" ON "billing_subscriptions" USING btree ("stripe_subscription_id");--> statement-breakpoint
-- The plans (docs/decisions.md, "Plans and billing"): limits are funnels, pages, contacts, e-mails a month, API requests a minute; null is unlimited.
INSERT INTO "plans" ("key", "name", "family", "interval", "price_minor", "currency", "trial_days", "features", "limits", "position") VALUES
('7-trial', '7-day trial', 'trial', 'trial', 0, 'USD', 7, '["funnels"]', '{"funnels": 20, "pages": 100, "contacts": 1000, "emails_per_month": 2000, "api_requests_per_minute": 3000}', 1),
('14-trial', '14-day trial', 'trial', 'trial', 0, 'USD', 14, '["funnels"]', '{"funnels": 20, "pages": 100, "contacts": 1000, "emails_per_month": 2000, "api_requests_per_minute": 3000}', 2),
('basic-monthly', 'Basic', 'basic', 'month', 2900, 'USD', NULL, '[]', '{"funnels": 3, "pages": 20, "contacts": 1000, "emails_per_month": 2000, "api_requests_per_minute": 600}', 10),
('basic-yearly', 'Basic', 'basic', 'year', 29000, 'USD', NULL, '[]', '{"funnels": 3, "pages": 20, "contacts": 1000, "emails_per_month": 2000, "api_requests_per_minute": 600}', 11),
('startup-monthly', 'Startup', 'startup', 'month', 9700, 'USD', NULL, '["funnels"]', '{"funnels": 20, "pages": 100, "contacts": 10000, "emails_per_month": 20000, "api_requests_per_minute": 3000}', 20),
('startup-yearly', 'Startup', 'startup', 'year', 97000, 'USD', NULL, '["funnels"]', '{"funnels": 20, "pages": 100, "contacts": 10000, "emails_per_month": 20000, "api_requests_per_minute": 3000}', 21),
('unlimited-monthly', 'Unlimited', 'unlimited', 'month', 29700, 'USD', NULL, '["funnels"]', '{"funnels": null, "pages": null, "contacts": null, "emails_per_month": 100000, "api_requests_per_minute": null}', 30),
('unlimited-yearly', 'Unlimited', 'unlimited', 'year', 297000, 'USD', NULL, '["funnels"]', '{"funnels": null, "pages": null, "contacts": null, "emails_per_month": 100000, "api_requests_per_minute": null}', 31);
