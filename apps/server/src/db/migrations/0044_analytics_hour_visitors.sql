CREATE TABLE "analytics_hour_visitors" (
	"hour" timestamp with time zone NOT NULL,
	"account_id" bigint NOT NULL,
	"visitor_id" text NOT NULL,
	CONSTRAINT "analytics_hour_visitors_hour_account_id_visitor_id_pk" PRIMARY KEY("hour","account_id","visitor_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_hour_visits" (
	"account_id" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"visitors" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_hour_visits_account_id_hour_pk" PRIMARY KEY("account_id","hour")
);
--> statement-breakpoint
ALTER TABLE "analytics_hour_visits" ADD CONSTRAINT "analytics_hour_visits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The recent hours' visitors of the views the rollup job has already counted (it adds the rest).
INSERT INTO "analytics_hour_visitors" ("hour", "account_id", "visitor_id")
SELECT DISTINCT date_trunc('hour', created_at, 'UTC'), account_id, visitor_id FROM page_view_events
 WHERE created_at >= date_trunc('hour', now(), 'UTC') - interval '48 hours'
   AND id <= coalesce((SELECT last_id FROM analytics_rollup_state WHERE source = 'page_views'), 0);--> statement-breakpoint
INSERT INTO "analytics_hour_visits" ("account_id", "hour", "visitors")
SELECT account_id, hour, count(*) FROM analytics_hour_visitors GROUP BY 1, 2;
