DROP INDEX "analytics_visitor_spans_key_idx";--> statement-breakpoint
DROP INDEX "analytics_visitor_spans_day_idx";--> statement-breakpoint
ALTER TABLE "analytics_visitor_spans" ADD COLUMN "key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_visitor_spans" ADD COLUMN "value" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_visitor_spans_key_idx" ON "analytics_visitor_spans" USING btree ("account_id","kind","key","value","funnel_id","step_id","page_id","day","prev_day");--> statement-breakpoint
CREATE INDEX "analytics_visitor_spans_day_idx" ON "analytics_visitor_spans" USING btree ("account_id","kind","key","value","day");--> statement-breakpoint
-- Spans per filter key and non-empty value at account (kind 0) and funnel (kind 1) level, from the visitor
-- sets the rollup job has written so far; from here on the job keeps them by neighbours (analytics.rollup.ts).
INSERT INTO "analytics_visitor_spans" (account_id, kind, key, value, funnel_id, step_id, page_id, day, prev_day, visitors)
  SELECT account_id, kind, key, value, funnel_id, 0, 0, day, prev_day, count(*)
    FROM (SELECT account_id, kind, key, value, funnel_id, day,
                 coalesce(lag(day) OVER (PARTITION BY account_id, kind, key, value, funnel_id, visitor_id ORDER BY day),
                          '-infinity'::date) AS prev_day
            FROM (SELECT DISTINCT d.account_id, s.kind::smallint AS kind, e.key, e.value,
                         CASE WHEN s.kind = 0 THEN 0 ELSE d.funnel_id END AS funnel_id, d.day, d.visitor_id
                    FROM analytics_daily_visitors d
                   CROSS JOIN LATERAL (VALUES ('currency', d.currency), ('referrer', d.referrer), ('referrer_domain', d.referrer_domain), ('utm_source', d.utm_source), ('utm_medium', d.utm_medium), ('utm_campaign', d.utm_campaign), ('utm_term', d.utm_term), ('utm_content', d.utm_content), ('country', d.country)) e(key, value)
                   CROSS JOIN (VALUES (0), (1)) s(kind)
                   WHERE e.value <> '') x) y
   GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
