CREATE TABLE "page_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"page_id" bigint NOT NULL,
	"user_id" bigint,
	"note" text DEFAULT '' NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "funnels" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "published_version_id" bigint;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "published_revision" integer;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_versions_account_page_idx" ON "page_versions" USING btree ("account_id","page_id","id");--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_published_version_id_page_versions_id_fk" FOREIGN KEY ("published_version_id") REFERENCES "public"."page_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Everything was live before drafts existed: existing funnels stay published, each page's content becomes its first version.
UPDATE "funnels" SET "published_at" = now() WHERE "deleted_at" IS NULL;--> statement-breakpoint
INSERT INTO "page_versions" ("account_id", "page_id", "user_id", "note", "content", "created_at")
SELECT "account_id", "id", NULL, '', jsonb_build_object(
	'config', "config", 'css', "css", 'html', "html", 'head_js', "head_js", 'body_js', "body_js",
	'seo_title', "seo_title", 'seo_description', "seo_description", 'seo_keywords', "seo_keywords"
), now() FROM "pages";--> statement-breakpoint
UPDATE "pages" SET "published_version_id" = v."id", "published_revision" = "pages"."version" FROM "page_versions" v WHERE v."page_id" = "pages"."id";
