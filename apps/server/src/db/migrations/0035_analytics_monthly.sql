CREATE TABLE "analytics_monthly" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"month" date NOT NULL,
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
ALTER TABLE "analytics_monthly" ADD CONSTRAINT "analytics_monthly_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_monthly_key_idx" ON "analytics_monthly" USING btree ("account_id","key","value","month","funnel_id","step_id","page_id");--> statement-breakpoint
CREATE INDEX "analytics_visitor_spans_day_idx" ON "analytics_visitor_spans" USING btree ("account_id","kind","day");--> statement-breakpoint
-- analytics_monthly follows analytics_daily statement by statement (set-based, from the transition tables),
-- so the rollup job, the orders trigger and a zone rebuild keep both in one transaction. Deleted day rows
-- only update their months: under an account's cascade delete the month rows may already be gone.
CREATE OR REPLACE FUNCTION analytics_daily_to_monthly() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE analytics_monthly m SET
      page_views = m.page_views + d.page_views,
      optins = m.optins + d.optins,
      orders = m.orders + d.orders,
      revenue_minor = m.revenue_minor + d.revenue_minor,
      refunded_minor = m.refunded_minor + d.refunded_minor,
      orders_with_bump = m.orders_with_bump + d.orders_with_bump,
      orders_with_upsell = m.orders_with_upsell + d.orders_with_upsell
      FROM (SELECT account_id, key, value, month, funnel_id, step_id, page_id, sum(page_views) AS page_views, sum(optins) AS optins, sum(orders) AS orders, sum(revenue_minor) AS revenue_minor, sum(refunded_minor) AS refunded_minor, sum(orders_with_bump) AS orders_with_bump, sum(orders_with_upsell) AS orders_with_upsell FROM (SELECT account_id, key, value, date_trunc('month', day)::date AS month, funnel_id, step_id, page_id, -page_views AS page_views, -optins AS optins, -orders AS orders, -revenue_minor AS revenue_minor, -refunded_minor AS refunded_minor, -orders_with_bump AS orders_with_bump, -orders_with_upsell AS orders_with_upsell FROM old_rows) o GROUP BY 1, 2, 3, 4, 5, 6, 7) d
     WHERE m.account_id = d.account_id AND m.key = d.key AND m.value = d.value AND m.month = d.month
       AND m.funnel_id = d.funnel_id AND m.step_id = d.step_id AND m.page_id = d.page_id;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO analytics_monthly AS m (account_id, key, value, month, funnel_id, step_id, page_id, page_views, optins, orders, revenue_minor, refunded_minor, orders_with_bump, orders_with_upsell)
      SELECT account_id, key, value, month, funnel_id, step_id, page_id, sum(page_views) AS page_views, sum(optins) AS optins, sum(orders) AS orders, sum(revenue_minor) AS revenue_minor, sum(refunded_minor) AS refunded_minor, sum(orders_with_bump) AS orders_with_bump, sum(orders_with_upsell) AS orders_with_upsell FROM (SELECT account_id, key, value, date_trunc('month', day)::date AS month, funnel_id, step_id, page_id, page_views AS page_views, optins AS optins, orders AS orders, revenue_minor AS revenue_minor, refunded_minor AS refunded_minor, orders_with_bump AS orders_with_bump, orders_with_upsell AS orders_with_upsell FROM new_rows) n GROUP BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (account_id, key, value, month, funnel_id, step_id, page_id) DO UPDATE SET
    page_views = m.page_views + excluded.page_views,
    optins = m.optins + excluded.optins,
    orders = m.orders + excluded.orders,
    revenue_minor = m.revenue_minor + excluded.revenue_minor,
    refunded_minor = m.refunded_minor + excluded.refunded_minor,
    orders_with_bump = m.orders_with_bump + excluded.orders_with_bump,
    orders_with_upsell = m.orders_with_upsell + excluded.orders_with_upsell;
    RETURN NULL;
  END IF;
  INSERT INTO analytics_monthly AS m (account_id, key, value, month, funnel_id, step_id, page_id, page_views, optins, orders, revenue_minor, refunded_minor, orders_with_bump, orders_with_upsell)
    SELECT account_id, key, value, month, funnel_id, step_id, page_id, sum(page_views) AS page_views, sum(optins) AS optins, sum(orders) AS orders, sum(revenue_minor) AS revenue_minor, sum(refunded_minor) AS refunded_minor, sum(orders_with_bump) AS orders_with_bump, sum(orders_with_upsell) AS orders_with_upsell
      FROM (SELECT account_id, key, value, date_trunc('month', day)::date AS month, funnel_id, step_id, page_id, page_views AS page_views, optins AS optins, orders AS orders, revenue_minor AS revenue_minor, refunded_minor AS refunded_minor, orders_with_bump AS orders_with_bump, orders_with_upsell AS orders_with_upsell FROM new_rows UNION ALL SELECT account_id, key, value, date_trunc('month', day)::date AS month, funnel_id, step_id, page_id, -page_views AS page_views, -optins AS optins, -orders AS orders, -revenue_minor AS revenue_minor, -refunded_minor AS refunded_minor, -orders_with_bump AS orders_with_bump, -orders_with_upsell AS orders_with_upsell FROM old_rows) c GROUP BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (account_id, key, value, month, funnel_id, step_id, page_id) DO UPDATE SET
    page_views = m.page_views + excluded.page_views,
    optins = m.optins + excluded.optins,
    orders = m.orders + excluded.orders,
    revenue_minor = m.revenue_minor + excluded.revenue_minor,
    refunded_minor = m.refunded_minor + excluded.refunded_minor,
    orders_with_bump = m.orders_with_bump + excluded.orders_with_bump,
    orders_with_upsell = m.orders_with_upsell + excluded.orders_with_upsell;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_daily_inserted AFTER INSERT ON analytics_daily REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_daily_to_monthly();
--> statement-breakpoint
CREATE TRIGGER analytics_daily_updated AFTER UPDATE ON analytics_daily
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_daily_to_monthly();
--> statement-breakpoint
CREATE TRIGGER analytics_daily_deleted AFTER DELETE ON analytics_daily REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_daily_to_monthly();
--> statement-breakpoint
INSERT INTO analytics_monthly (account_id, key, value, month, funnel_id, step_id, page_id, page_views, optins, orders,
    revenue_minor, refunded_minor, orders_with_bump, orders_with_upsell)
  SELECT account_id, key, value, date_trunc('month', day)::date, funnel_id, step_id, page_id, sum(page_views) AS page_views,
         sum(optins) AS optins, sum(orders) AS orders, sum(revenue_minor) AS revenue_minor, sum(refunded_minor) AS refunded_minor, sum(orders_with_bump) AS orders_with_bump,
         sum(orders_with_upsell) AS orders_with_upsell
    FROM analytics_daily GROUP BY 1, 2, 3, 4, 5, 6, 7;
--> statement-breakpoint
-- The hour rows' key index carries the view and opt-in counts (INCLUDE, which the schema cannot say), so
-- the 24-hour chart reads them index-only. Not on the day and month rows: their counts are updated all the
-- time, and an included column makes every update non-HOT (a new index entry each time: the month index
-- grew to 158 MB for a few thousand rows at bench scale 0.1).
DROP INDEX "analytics_hourly_key_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_hourly_key_idx" ON "analytics_hourly" USING btree ("account_id","hour","funnel_id","step_id","page_id","key_hash") INCLUDE ("page_views","optins");
