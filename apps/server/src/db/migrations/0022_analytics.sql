CREATE TABLE "analytics_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"time_zone" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_visitors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"day" date NOT NULL,
	"funnel_id" bigint NOT NULL,
	"step_id" bigint NOT NULL,
	"page_id" bigint NOT NULL,
	"key_hash" text NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"referrer" text DEFAULT '' NOT NULL,
	"referrer_domain" text DEFAULT '' NOT NULL,
	"utm_source" text DEFAULT '' NOT NULL,
	"utm_medium" text DEFAULT '' NOT NULL,
	"utm_campaign" text DEFAULT '' NOT NULL,
	"utm_term" text DEFAULT '' NOT NULL,
	"utm_content" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"visitor_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_hourly" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"funnel_id" bigint NOT NULL,
	"step_id" bigint NOT NULL,
	"page_id" bigint NOT NULL,
	"key_hash" text NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"referrer" text DEFAULT '' NOT NULL,
	"referrer_domain" text DEFAULT '' NOT NULL,
	"utm_source" text DEFAULT '' NOT NULL,
	"utm_medium" text DEFAULT '' NOT NULL,
	"utm_campaign" text DEFAULT '' NOT NULL,
	"utm_term" text DEFAULT '' NOT NULL,
	"utm_content" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"page_views" bigint DEFAULT 0 NOT NULL,
	"optins" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_orders_hourly" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"funnel_id" bigint NOT NULL,
	"step_id" bigint NOT NULL,
	"page_id" bigint NOT NULL,
	"key_hash" text NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"referrer" text DEFAULT '' NOT NULL,
	"referrer_domain" text DEFAULT '' NOT NULL,
	"utm_source" text DEFAULT '' NOT NULL,
	"utm_medium" text DEFAULT '' NOT NULL,
	"utm_campaign" text DEFAULT '' NOT NULL,
	"utm_term" text DEFAULT '' NOT NULL,
	"utm_content" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"revenue_minor" bigint DEFAULT 0 NOT NULL,
	"orders_with_bump" bigint DEFAULT 0 NOT NULL,
	"orders_with_upsell" bigint DEFAULT 0 NOT NULL,
	"refunded_minor" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_rollup_state" (
	"source" text PRIMARY KEY NOT NULL,
	"last_id" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "optin_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"funnel_id" bigint,
	"step_id" bigint,
	"page_id" bigint,
	"customer_id" bigint,
	"visitor_id" text,
	"referrer" text,
	"referrer_domain" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_term" text,
	"utm_content" text,
	"country" char(2),
	"currency" char(3),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "visitor_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "referrer" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "referrer_domain" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_term" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_content" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "visitor_country" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "has_order_bump" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "upsells_taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_accounts" ADD CONSTRAINT "analytics_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_daily_visitors" ADD CONSTRAINT "analytics_daily_visitors_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_hourly" ADD CONSTRAINT "analytics_hourly_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_orders_hourly" ADD CONSTRAINT "analytics_orders_hourly_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optin_events" ADD CONSTRAINT "optin_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_accounts_account_idx" ON "analytics_accounts" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_daily_visitors_key_idx" ON "analytics_daily_visitors" USING btree ("account_id","day","funnel_id","step_id","page_id","key_hash","visitor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_hourly_key_idx" ON "analytics_hourly" USING btree ("account_id","hour","funnel_id","step_id","page_id","key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_orders_hourly_key_idx" ON "analytics_orders_hourly" USING btree ("account_id","hour","funnel_id","step_id","page_id","key_hash");--> statement-breakpoint
CREATE INDEX "optin_events_account_created_idx" ON "optin_events" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_account_created_idx" ON "orders" USING btree ("account_id","created_at") WHERE "orders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "page_view_events_visitor_idx" ON "page_view_events" USING btree ("account_id","visitor_id","id");