CREATE TABLE "analytics_daily" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"day" date NOT NULL,
	"funnel_id" bigint NOT NULL,
	"step_id" bigint NOT NULL,
	"page_id" bigint NOT NULL,
	"page_views" bigint DEFAULT 0 NOT NULL,
	"optins" bigint DEFAULT 0 NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"revenue_minor" bigint DEFAULT 0 NOT NULL,
	"refunded_minor" bigint DEFAULT 0 NOT NULL,
	"orders_with_bump" bigint DEFAULT 0 NOT NULL,
	"orders_with_upsell" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_visitor_spans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"kind" smallint NOT NULL,
	"funnel_id" bigint NOT NULL,
	"step_id" bigint NOT NULL,
	"page_id" bigint NOT NULL,
	"day" date NOT NULL,
	"prev_day" date NOT NULL,
	"visitors" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_visitor_spans" ADD CONSTRAINT "analytics_visitor_spans_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_daily_key_idx" ON "analytics_daily" USING btree ("account_id","key","value","day","funnel_id","step_id","page_id");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_visitor_spans_key_idx" ON "analytics_visitor_spans" USING btree ("account_id","kind","funnel_id","step_id","page_id","day","prev_day");--> statement-breakpoint
CREATE INDEX "analytics_daily_visitors_visitor_idx" ON "analytics_daily_visitors" USING btree ("account_id","visitor_id");--> statement-breakpoint
-- The account's analytics zone (the owner's time_zone when first seen, Europe/London when PostgreSQL
-- does not know it): the days analytics_daily and the visitor sets are kept in.
CREATE OR REPLACE FUNCTION analytics_zone(account bigint) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  z text;
BEGIN
  SELECT time_zone INTO z FROM analytics_accounts WHERE account_id = account;
  IF z IS NOT NULL THEN
    RETURN z;
  END IF;
  INSERT INTO analytics_accounts (account_id, time_zone)
    SELECT a.id, CASE WHEN EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = u.time_zone) THEN u.time_zone
                      ELSE 'Europe/London' END
      FROM accounts a JOIN users u ON u.id = a.owner_user_id WHERE a.id = account
    ON CONFLICT (account_id) DO NOTHING;
  SELECT time_zone INTO z FROM analytics_accounts WHERE account_id = account;
  RETURN coalesce(z, 'Europe/London');
END $$;
--> statement-breakpoint
-- An order's part in analytics_daily (sign 1 adds it, -1 takes it away): on the account day it was
-- placed (orders, revenue, bumps, upsells) and the day of its refund or cancellation, unfiltered per page
-- variant and per filter key's value per funnel.
CREATE OR REPLACE FUNCTION analytics_order_daily(o orders, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text;
  refunded_at timestamptz;
BEGIN
  IF o.payment_status IS NOT NULL OR o.deleted_at IS NOT NULL THEN
    RETURN;
  END IF;
  IF sign < 0 AND NOT EXISTS (SELECT 1 FROM accounts WHERE id = o.account_id) THEN
    RETURN;
  END IF;
  zone := analytics_zone(o.account_id);
  refunded_at := least(o.canceled_at, o.refunded_at);
  INSERT INTO analytics_daily AS r (account_id, key, value, day, funnel_id, step_id, page_id, orders, revenue_minor,
      orders_with_bump, orders_with_upsell, refunded_minor)
    SELECT o.account_id, e.key, e.value, t.day, coalesce(o.funnel_id, 0), e.step_id, e.page_id,
           sum(CASE WHEN t.placed THEN sign ELSE 0 END), sum(CASE WHEN t.placed THEN sign * o.amount_minor ELSE 0 END),
           sum(CASE WHEN t.placed AND o.has_order_bump THEN sign ELSE 0 END),
           sum(CASE WHEN t.placed AND o.upsells_taken > 0 THEN sign ELSE 0 END),
           sum(CASE WHEN t.placed THEN 0 ELSE sign * o.amount_minor END)
      FROM (VALUES (coalesce(o.step_id, 0), coalesce(o.page_id, 0), '', ''),
                   (0::bigint, 0::bigint, 'currency', lower(coalesce(o.currency, ''))),
                   (0, 0, 'referrer', lower(coalesce(o.referrer, ''))),
                   (0, 0, 'referrer_domain', lower(coalesce(o.referrer_domain, ''))),
                   (0, 0, 'utm_source', lower(coalesce(o.utm_source, ''))),
                   (0, 0, 'utm_medium', lower(coalesce(o.utm_medium, ''))),
                   (0, 0, 'utm_campaign', lower(coalesce(o.utm_campaign, ''))),
                   (0, 0, 'utm_term', lower(coalesce(o.utm_term, ''))),
                   (0, 0, 'utm_content', lower(coalesce(o.utm_content, ''))),
                   (0, 0, 'country', lower(coalesce(o.visitor_country, '')))) e(step_id, page_id, key, value)
      CROSS JOIN (SELECT (o.created_at AT TIME ZONE zone)::date AS day, true AS placed
                  UNION ALL
                  SELECT (refunded_at AT TIME ZONE zone)::date, false
                   WHERE (o.is_refunded OR o.is_canceled) AND refunded_at IS NOT NULL) t
     GROUP BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (account_id, key, value, day, funnel_id, step_id, page_id) DO UPDATE SET
      orders = r.orders + excluded.orders,
      revenue_minor = r.revenue_minor + excluded.revenue_minor,
      orders_with_bump = r.orders_with_bump + excluded.orders_with_bump,
      orders_with_upsell = r.orders_with_upsell + excluded.orders_with_upsell,
      refunded_minor = r.refunded_minor + excluded.refunded_minor;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.account_id, OLD.created_at, OLD.funnel_id, OLD.step_id, OLD.page_id, OLD.currency,
      OLD.amount_minor, OLD.payment_status, OLD.deleted_at, OLD.is_refunded, OLD.is_canceled, OLD.refunded_at,
      OLD.canceled_at, OLD.has_order_bump, OLD.upsells_taken, OLD.referrer, OLD.referrer_domain, OLD.utm_source,
      OLD.utm_medium, OLD.utm_campaign, OLD.utm_term, OLD.utm_content, OLD.visitor_country)
    IS NOT DISTINCT FROM (NEW.account_id, NEW.created_at, NEW.funnel_id, NEW.step_id, NEW.page_id, NEW.currency,
      NEW.amount_minor, NEW.payment_status, NEW.deleted_at, NEW.is_refunded, NEW.is_canceled, NEW.refunded_at,
      NEW.canceled_at, NEW.has_order_bump, NEW.upsells_taken, NEW.referrer, NEW.referrer_domain, NEW.utm_source,
      NEW.utm_medium, NEW.utm_campaign, NEW.utm_term, NEW.utm_content, NEW.visitor_country) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM analytics_order_part(OLD, -1);
    PERFORM analytics_order_daily(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM analytics_order_part(NEW, 1);
    PERFORM analytics_order_daily(NEW, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The orders placed before this migration; page views and opt-ins are re-counted by the rollup job
-- (its watermarks start again, after the old rollups are cleared).
SELECT analytics_order_daily(o, 1) FROM orders o;
--> statement-breakpoint
DELETE FROM analytics_hourly;
--> statement-breakpoint
DELETE FROM analytics_daily_visitors;
--> statement-breakpoint
DELETE FROM analytics_rollup_state;
