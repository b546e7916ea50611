CREATE TABLE "page_stats_hourly" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"funnel_id" bigint NOT NULL,
	"step_id" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"unique_visitors" integer DEFAULT 0 NOT NULL,
	"optins" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "page_stats_hourly" ADD CONSTRAINT "page_stats_hourly_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "page_stats_hourly_key_idx" ON "page_stats_hourly" USING btree ("account_id","funnel_id","step_id","hour");--> statement-breakpoint
CREATE INDEX "page_stats_hourly_account_hour_idx" ON "page_stats_hourly" USING btree ("account_id","hour");