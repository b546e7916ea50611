CREATE TABLE "activity_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"event_id" smallint NOT NULL,
	"customer_id" bigint,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"optin_email" text DEFAULT '' NOT NULL,
	"amount_minor" bigint,
	"currency" char(3),
	"funnel_id" bigint,
	"order_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_items_event_id_check" CHECK ("activity_items"."event_id" between 1 and 11)
);
--> statement-breakpoint
CREATE TABLE "page_view_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"funnel_id" bigint,
	"step_id" bigint,
	"page_id" bigint,
	"visitor_id" text NOT NULL,
	"session_id" text,
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
CREATE TABLE "user_gateways" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"gateway_id" smallint NOT NULL,
	"name" text NOT NULL,
	"mode" text DEFAULT 'live' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"credentials_ciphertext" text,
	"credentials_hint" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"connected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_gateways_gateway_id_check" CHECK ("user_gateways"."gateway_id" between 1 and 18)
);
--> statement-breakpoint
ALTER TABLE "activity_items" ADD CONSTRAINT "activity_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_view_events" ADD CONSTRAINT "page_view_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_gateways" ADD CONSTRAINT "user_gateways_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_items_account_created_idx" ON "activity_items" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "page_view_events_account_created_idx" ON "page_view_events" USING btree ("account_id","created_at","visitor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_gateways_account_gateway_idx" ON "user_gateways" USING btree ("account_id","gateway_id");--> statement-breakpoint
CREATE INDEX "user_gateways_account_default_idx" ON "user_gateways" USING btree ("account_id") WHERE "user_gateways"."is_default";