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
ALTER TABLE "optin_events" ADD CONSTRAINT "optin_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "optin_events_account_created_idx" ON "optin_events" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_account_created_idx" ON "orders" USING btree ("account_id","created_at") WHERE "orders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "page_view_events_visitor_idx" ON "page_view_events" USING btree ("account_id","visitor_id","id");