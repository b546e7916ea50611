ALTER TABLE "analytics_hour_visitors" DROP CONSTRAINT "analytics_hour_visitors_hour_account_id_visitor_id_pk";--> statement-breakpoint
ALTER TABLE "analytics_hour_visits" DROP CONSTRAINT "analytics_hour_visits_account_id_hour_pk";--> statement-breakpoint
ALTER TABLE "analytics_hour_visitors" ADD COLUMN "kind" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_hour_visitors" ADD COLUMN "key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_hour_visitors" ADD COLUMN "value" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_hour_visitors" ADD COLUMN "funnel_id" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_hour_visits" ADD COLUMN "kind" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_hour_visits" ADD COLUMN "key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_hour_visits" ADD COLUMN "value" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_hour_visits" ADD COLUMN "funnel_id" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_hour_visitors" ADD CONSTRAINT "analytics_hour_visitors_hour_account_id_kind_key_value_funnel_id_visitor_id_pk" PRIMARY KEY("hour","account_id","kind","key","value","funnel_id","visitor_id");--> statement-breakpoint
ALTER TABLE "analytics_hour_visits" ADD CONSTRAINT "analytics_hour_visits_account_id_kind_key_value_funnel_id_hour_pk" PRIMARY KEY("account_id","kind","key","value","funnel_id","hour");--> statement-breakpoint
-- The recent hours' visitors of the views the rollup job has already counted, now in every scope it
-- keeps (analytics.rollup.ts hourVisits): rebuilt from those views; the job adds the rest.
DELETE FROM "analytics_hour_visitors";--> statement-breakpoint
DELETE FROM "analytics_hour_visits";--> statement-breakpoint
INSERT INTO "analytics_hour_visitors" ("hour", "account_id", "kind", "key", "value", "funnel_id", "visitor_id")
SELECT DISTINCT r.hour, r.account_id, e.kind, e.key, e.value, e.funnel_id, r.visitor_id
  FROM (SELECT date_trunc('hour', created_at, 'UTC') AS hour, account_id, coalesce(funnel_id, 0) AS funnel_id,
               lower(coalesce(currency::text, '')) AS currency,
               lower(coalesce(referrer::text, '')) AS referrer,
               lower(coalesce(referrer_domain::text, '')) AS referrer_domain,
               lower(coalesce(utm_source::text, '')) AS utm_source,
               lower(coalesce(utm_medium::text, '')) AS utm_medium,
               lower(coalesce(utm_campaign::text, '')) AS utm_campaign,
               lower(coalesce(utm_term::text, '')) AS utm_term,
               lower(coalesce(utm_content::text, '')) AS utm_content,
               lower(coalesce(country::text, '')) AS country,
               visitor_id
          FROM page_view_events
         WHERE created_at >= date_trunc('hour', now(), 'UTC') - interval '48 hours'
           AND (xid, id) <= (coalesce((SELECT last_xid FROM analytics_rollup_state WHERE source = 'page_views'), '0'::xid8),
                             coalesce((SELECT last_id FROM analytics_rollup_state WHERE source = 'page_views'), 0))) r
 CROSS JOIN LATERAL (VALUES (0, '', '', 0::bigint),
                            (1, '', '', r.funnel_id),
                            (0, 'currency', r.currency, 0),
                            (1, 'currency', r.currency, r.funnel_id),
                            (0, 'referrer', r.referrer, 0),
                            (1, 'referrer', r.referrer, r.funnel_id),
                            (0, 'referrer_domain', r.referrer_domain, 0),
                            (1, 'referrer_domain', r.referrer_domain, r.funnel_id),
                            (0, 'utm_source', r.utm_source, 0),
                            (1, 'utm_source', r.utm_source, r.funnel_id),
                            (0, 'utm_medium', r.utm_medium, 0),
                            (1, 'utm_medium', r.utm_medium, r.funnel_id),
                            (0, 'utm_campaign', r.utm_campaign, 0),
                            (1, 'utm_campaign', r.utm_campaign, r.funnel_id),
                            (0, 'utm_term', r.utm_term, 0),
                            (1, 'utm_term', r.utm_term, r.funnel_id),
                            (0, 'utm_content', r.utm_content, 0),
                            (1, 'utm_content', r.utm_content, r.funnel_id),
                            (0, 'country', r.country, 0),
                            (1, 'country', r.country, r.funnel_id)) e(kind, key, value, funnel_id)
 WHERE (e.key = '' OR e.value <> '') AND (e.kind = 0 OR e.funnel_id <> 0);--> statement-breakpoint
INSERT INTO "analytics_hour_visits" ("account_id", "kind", "key", "value", "funnel_id", "hour", "visitors")
SELECT account_id, kind, key, value, funnel_id, hour, count(*) FROM analytics_hour_visitors GROUP BY 1, 2, 3, 4, 5, 6;
