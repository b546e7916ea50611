CREATE TABLE "discounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value_minor" bigint NOT NULL,
	"currency" text,
	"usage_limit" integer,
	"usage_limit_per_customer" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"min_order_minor" bigint,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_value_check" CHECK ("discounts"."value_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_variant_options" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"name" text NOT NULL,
	"values" text[] DEFAULT '{}'::text[] NOT NULL,
	"order_index" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"name" text NOT NULL,
	"sku" text,
	"price_minor" bigint DEFAULT 0 NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"order_index" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"funnel_id" bigint,
	"step_id" bigint,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_minor" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"recurring_interval" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domains" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"name" text NOT NULL,
	"verification_token" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"verified_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funnel_apps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"funnel_id" bigint NOT NULL,
	"app_id" bigint NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funnel_daily_stats" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"funnel_id" bigint NOT NULL,
	"day" date NOT NULL,
	"revenue_minor" bigint DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funnel_folders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funnels" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"name" text NOT NULL,
	"funnel_type" smallint DEFAULT 0 NOT NULL,
	"funnel_group_id" bigint,
	"pinned" boolean DEFAULT false NOT NULL,
	"currency_code" text,
	"share_code" text,
	"path" text NOT NULL,
	"domain_id" bigint,
	"ab_geo" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_sub_funnel" boolean DEFAULT false NOT NULL,
	"folder_id" bigint,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funnels_funnel_type_check" CHECK ("funnels"."funnel_type" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"funnel_id" bigint NOT NULL,
	"step_id" bigint NOT NULL,
	"name" text NOT NULL,
	"ab_percent" smallint DEFAULT 100 NOT NULL,
	"ab_geo" text[] DEFAULT '{}'::text[] NOT NULL,
	"config" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"css" text DEFAULT '' NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"head_js" text DEFAULT '' NOT NULL,
	"body_js" text DEFAULT '' NOT NULL,
	"seo_title" text DEFAULT '' NOT NULL,
	"seo_description" text DEFAULT '' NOT NULL,
	"seo_keywords" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pages_ab_percent_check" CHECK ("pages"."ab_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "steps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"funnel_id" bigint NOT NULL,
	"user_id" bigint,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"url2" text,
	"step_type" smallint NOT NULL,
	"ob" boolean DEFAULT false NOT NULL,
	"order_index" integer DEFAULT 1 NOT NULL,
	"thumbnail_hash" text,
	"ab_type" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "steps_step_type_check" CHECK ("steps"."step_type" between 1 and 6)
);
--> statement-breakpoint
CREATE TABLE "tracking_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"funnel_id" bigint,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"position" text DEFAULT 'head' NOT NULL,
	"order_index" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_templates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"user_id" bigint,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text DEFAULT '' NOT NULL,
	"badge" text,
	"author_name" text DEFAULT '' NOT NULL,
	"step_type" smallint NOT NULL,
	"thumbnail_hash" text,
	"pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variant_options" ADD CONSTRAINT "product_variant_options_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variant_options" ADD CONSTRAINT "product_variant_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_funnel_id_funnels_id_fk" FOREIGN KEY ("funnel_id") REFERENCES "public"."funnels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_step_id_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_apps" ADD CONSTRAINT "funnel_apps_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_apps" ADD CONSTRAINT "funnel_apps_funnel_id_funnels_id_fk" FOREIGN KEY ("funnel_id") REFERENCES "public"."funnels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_daily_stats" ADD CONSTRAINT "funnel_daily_stats_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_daily_stats" ADD CONSTRAINT "funnel_daily_stats_funnel_id_funnels_id_fk" FOREIGN KEY ("funnel_id") REFERENCES "public"."funnels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_folders" ADD CONSTRAINT "funnel_folders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnels" ADD CONSTRAINT "funnels_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnels" ADD CONSTRAINT "funnels_funnel_group_id_funnels_id_fk" FOREIGN KEY ("funnel_group_id") REFERENCES "public"."funnels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnels" ADD CONSTRAINT "funnels_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnels" ADD CONSTRAINT "funnels_folder_id_funnel_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."funnel_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_funnel_id_funnels_id_fk" FOREIGN KEY ("funnel_id") REFERENCES "public"."funnels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_step_id_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steps" ADD CONSTRAINT "steps_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steps" ADD CONSTRAINT "steps_funnel_id_funnels_id_fk" FOREIGN KEY ("funnel_id") REFERENCES "public"."funnels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steps" ADD CONSTRAINT "steps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_codes" ADD CONSTRAINT "tracking_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_codes" ADD CONSTRAINT "tracking_codes_funnel_id_funnels_id_fk" FOREIGN KEY ("funnel_id") REFERENCES "public"."funnels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_templates" ADD CONSTRAINT "user_templates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_templates" ADD CONSTRAINT "user_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discounts_account_code_idx" ON "discounts" USING btree ("account_id",lower("code"));--> statement-breakpoint
CREATE INDEX "product_variant_options_account_product_idx" ON "product_variant_options" USING btree ("account_id","product_id");--> statement-breakpoint
CREATE INDEX "product_variants_account_product_idx" ON "product_variants" USING btree ("account_id","product_id");--> statement-breakpoint
CREATE INDEX "products_account_funnel_idx" ON "products" USING btree ("account_id","funnel_id");--> statement-breakpoint
CREATE INDEX "products_account_step_idx" ON "products" USING btree ("account_id","step_id");--> statement-breakpoint
CREATE UNIQUE INDEX "domains_account_name_idx" ON "domains" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "domains_verified_name_idx" ON "domains" USING btree (lower("name")) WHERE "domains"."verified_at" is not null;--> statement-breakpoint
CREATE INDEX "domains_name_idx" ON "domains" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "funnel_apps_funnel_app_idx" ON "funnel_apps" USING btree ("funnel_id","app_id");--> statement-breakpoint
CREATE INDEX "funnel_apps_account_idx" ON "funnel_apps" USING btree ("account_id","app_id");--> statement-breakpoint
CREATE UNIQUE INDEX "funnel_daily_stats_funnel_day_idx" ON "funnel_daily_stats" USING btree ("funnel_id","day");--> statement-breakpoint
CREATE INDEX "funnel_daily_stats_account_day_idx" ON "funnel_daily_stats" USING btree ("account_id","day");--> statement-breakpoint
CREATE INDEX "funnel_folders_account_idx" ON "funnel_folders" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "funnels_account_updated_idx" ON "funnels" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE INDEX "funnels_account_folder_idx" ON "funnels" USING btree ("account_id","folder_id");--> statement-breakpoint
CREATE INDEX "funnels_account_group_idx" ON "funnels" USING btree ("account_id","funnel_group_id");--> statement-breakpoint
CREATE INDEX "funnels_account_domain_idx" ON "funnels" USING btree ("account_id","domain_id");--> statement-breakpoint
CREATE UNIQUE INDEX "funnels_account_path_idx" ON "funnels" USING btree ("account_id",lower("path")) WHERE "funnels"."deleted_at" is null and "funnels"."is_sub_funnel" = false;--> statement-breakpoint
CREATE INDEX "pages_account_step_idx" ON "pages" USING btree ("account_id","step_id");--> statement-breakpoint
CREATE INDEX "pages_account_funnel_idx" ON "pages" USING btree ("account_id","funnel_id");--> statement-breakpoint
CREATE INDEX "steps_account_funnel_idx" ON "steps" USING btree ("account_id","funnel_id","order_index");--> statement-breakpoint
CREATE UNIQUE INDEX "steps_funnel_url_idx" ON "steps" USING btree ("funnel_id",lower("url")) WHERE "steps"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tracking_codes_account_funnel_idx" ON "tracking_codes" USING btree ("account_id","funnel_id","order_index");--> statement-breakpoint
CREATE INDEX "user_templates_account_idx" ON "user_templates" USING btree ("account_id","created_at");