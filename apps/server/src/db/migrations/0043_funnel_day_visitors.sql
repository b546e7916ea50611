CREATE TABLE "funnel_day_visitors" (
	"account_id" bigint NOT NULL,
	"funnel_id" bigint NOT NULL,
	"day" date NOT NULL,
	"visitor_id" text NOT NULL,
	CONSTRAINT "funnel_day_visitors_funnel_id_day_visitor_id_pk" PRIMARY KEY("funnel_id","day","visitor_id")
);
--> statement-breakpoint
ALTER TABLE "funnel_day_visitors" ADD CONSTRAINT "funnel_day_visitors_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_day_visitors" ADD CONSTRAINT "funnel_day_visitors_funnel_id_funnels_id_fk" FOREIGN KEY ("funnel_id") REFERENCES "public"."funnels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The visits so far, from the views the rollup job has counted (the job adds the rest): the page-view
-- recorder no longer recomputes whole days of visits every 10 s.
INSERT INTO "funnel_day_visitors" ("account_id", "funnel_id", "day", "visitor_id")
SELECT DISTINCT v.account_id, v.funnel_id, (v.created_at AT TIME ZONE 'UTC')::date, v.visitor_id
  FROM page_view_events v JOIN funnels f ON f.id = v.funnel_id AND f.account_id = v.account_id
 WHERE v.id <= coalesce((SELECT last_id FROM analytics_rollup_state WHERE source = 'page_views'), 0);--> statement-breakpoint
UPDATE "funnel_daily_stats" SET "visits" = 0;--> statement-breakpoint
INSERT INTO "funnel_daily_stats" ("account_id", "funnel_id", "day", "visits")
SELECT account_id, funnel_id, day, count(*) FROM funnel_day_visitors GROUP BY 1, 2, 3
ON CONFLICT ("funnel_id", "day") DO UPDATE SET "visits" = excluded."visits";
