-- The orders' part in analytics_orders_hourly and analytics_daily, kept statement by statement from the
-- transition tables instead of row by row: a statement that writes N orders makes one grouped upsert per
-- table (and one month upsert through analytics_daily's statement triggers), not N of each. Row by row,
-- 6,000 orders inserted in one statement updated the same month rows 6,000 times in one transaction
-- (none of the versions prunable before the commit): 18 s on PostgreSQL. The sums are the row trigger's:
-- a changed order takes its old part away and adds its new one.
CREATE OR REPLACE FUNCTION analytics_orders_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols constant text[] := ARRAY['id', 'account_id', 'created_at', 'funnel_id', 'step_id', 'page_id', 'currency',
    'amount_minor', 'payment_status', 'deleted_at', 'is_refunded', 'is_canceled', 'refunded_at', 'canceled_at',
    'has_order_bump', 'upsells_taken', 'referrer', 'referrer_domain', 'utm_source', 'utm_medium', 'utm_campaign',
    'utm_term', 'utm_content', 'visitor_country'];
  plain constant text := array_to_string(cols, ', ');
  src text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    src := format('SELECT %s, 1 AS sign FROM new_rows', plain);
  ELSIF TG_OP = 'DELETE' THEN
    src := format('SELECT %s, -1 AS sign FROM old_rows', plain);
  ELSE
    -- Most updates (notes, archive, fulfilment) change nothing counted: a plan-cached check ends them here.
    IF NOT EXISTS (
      SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (o.account_id, o.created_at, o.funnel_id, o.step_id, o.page_id, o.currency, o.amount_minor,
              o.payment_status, o.deleted_at, o.is_refunded, o.is_canceled, o.refunded_at, o.canceled_at,
              o.has_order_bump, o.upsells_taken, o.referrer, o.referrer_domain, o.utm_source, o.utm_medium,
              o.utm_campaign, o.utm_term, o.utm_content, o.visitor_country)
         IS DISTINCT FROM (n.account_id, n.created_at, n.funnel_id, n.step_id, n.page_id, n.currency, n.amount_minor,
              n.payment_status, n.deleted_at, n.is_refunded, n.is_canceled, n.refunded_at, n.canceled_at,
              n.has_order_bump, n.upsells_taken, n.referrer, n.referrer_domain, n.utm_source, n.utm_medium,
              n.utm_campaign, n.utm_term, n.utm_content, n.visitor_country)) THEN
      RETURN NULL;
    END IF;
    src := format(
      'WITH changed AS (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
                         WHERE (o.%s) IS DISTINCT FROM (n.%s))
       SELECT %s, -1 AS sign FROM old_rows WHERE id IN (SELECT id FROM changed)
       UNION ALL
       SELECT %s, 1 AS sign FROM new_rows WHERE id IN (SELECT id FROM changed)',
      array_to_string(cols, ', o.'), array_to_string(cols, ', n.'), plain, plain);
  END IF;
  -- Live rows only; an account being deleted takes its orders and rollups with it (nothing to subtract).
  src := format(
    'SELECT * FROM (%s) c WHERE c.payment_status IS NULL AND c.deleted_at IS NULL
       AND (c.sign > 0 OR EXISTS (SELECT 1 FROM accounts a WHERE a.id = c.account_id))', src);
  EXECUTE format($sql$
    WITH l AS (
      SELECT c.*, ARRAY[lower(coalesce(c.currency, '')), lower(coalesce(c.referrer, '')),
               lower(coalesce(c.referrer_domain, '')), lower(coalesce(c.utm_source, '')),
               lower(coalesce(c.utm_medium, '')), lower(coalesce(c.utm_campaign, '')), lower(coalesce(c.utm_term, '')),
               lower(coalesce(c.utm_content, '')), lower(coalesce(c.visitor_country, ''))] AS k
        FROM (%s) c
    ), h AS (
      SELECT account_id, date_trunc('hour', created_at, 'UTC') AS hour, coalesce(funnel_id, 0) AS f,
             coalesce(step_id, 0) AS s, coalesce(page_id, 0) AS p, k, sign AS orders, sign * amount_minor AS revenue,
             CASE WHEN has_order_bump THEN sign ELSE 0 END AS bump,
             CASE WHEN upsells_taken > 0 THEN sign ELSE 0 END AS upsell, 0::bigint AS refunded
        FROM l
      UNION ALL
      SELECT account_id, date_trunc('hour', least(canceled_at, refunded_at), 'UTC'), coalesce(funnel_id, 0),
             coalesce(step_id, 0), coalesce(page_id, 0), k, 0, 0, 0, 0, sign * amount_minor
        FROM l WHERE (is_refunded OR is_canceled) AND least(canceled_at, refunded_at) IS NOT NULL
    )
    INSERT INTO analytics_orders_hourly AS r (account_id, hour, funnel_id, step_id, page_id, key_hash, currency,
        referrer, referrer_domain, utm_source, utm_medium, utm_campaign, utm_term, utm_content, country, orders,
        revenue_minor, orders_with_bump, orders_with_upsell, refunded_minor)
      SELECT account_id, hour, f, s, p, md5(array_to_string(k, chr(31))), k[1], k[2], k[3], k[4], k[5], k[6], k[7],
             k[8], k[9], sum(orders), sum(revenue), sum(bump), sum(upsell), sum(refunded)
        FROM h GROUP BY account_id, hour, f, s, p, k
      HAVING sum(orders) <> 0 OR sum(revenue) <> 0 OR sum(bump) <> 0 OR sum(upsell) <> 0 OR sum(refunded) <> 0
      ON CONFLICT (account_id, hour, funnel_id, step_id, page_id, key_hash) DO UPDATE SET
        orders = r.orders + excluded.orders,
        revenue_minor = r.revenue_minor + excluded.revenue_minor,
        orders_with_bump = r.orders_with_bump + excluded.orders_with_bump,
        orders_with_upsell = r.orders_with_upsell + excluded.orders_with_upsell,
        refunded_minor = r.refunded_minor + excluded.refunded_minor
  $sql$, src);
  -- analytics_daily: on the account day it was placed and the day of its refund or cancellation, unfiltered
  -- per page variant and per filter key's value per funnel (analytics_zone records each account's zone).
  EXECUTE format($sql$
    WITH c AS (%s),
    z AS (SELECT account_id, analytics_zone(account_id) AS zone FROM (SELECT DISTINCT account_id FROM c) a),
    t AS (
      SELECT c.*, (c.created_at AT TIME ZONE z.zone)::date AS day, true AS placed FROM c JOIN z USING (account_id)
      UNION ALL
      SELECT c.*, (least(c.canceled_at, c.refunded_at) AT TIME ZONE z.zone)::date, false FROM c JOIN z USING (account_id)
       WHERE (c.is_refunded OR c.is_canceled) AND least(c.canceled_at, c.refunded_at) IS NOT NULL
    )
    INSERT INTO analytics_daily AS r (account_id, key, value, day, funnel_id, step_id, page_id, orders, revenue_minor,
        orders_with_bump, orders_with_upsell, refunded_minor)
      SELECT t.account_id, e.key, e.value, t.day, coalesce(t.funnel_id, 0), e.step_id, e.page_id,
             sum(CASE WHEN t.placed THEN t.sign ELSE 0 END),
             sum(CASE WHEN t.placed THEN t.sign * t.amount_minor ELSE 0 END),
             sum(CASE WHEN t.placed AND t.has_order_bump THEN t.sign ELSE 0 END),
             sum(CASE WHEN t.placed AND t.upsells_taken > 0 THEN t.sign ELSE 0 END),
             sum(CASE WHEN t.placed THEN 0 ELSE t.sign * t.amount_minor END)
        FROM t CROSS JOIN LATERAL (VALUES (coalesce(t.step_id, 0), coalesce(t.page_id, 0), '', ''),
                   (0::bigint, 0::bigint, 'currency', lower(coalesce(t.currency, ''))),
                   (0, 0, 'referrer', lower(coalesce(t.referrer, ''))),
                   (0, 0, 'referrer_domain', lower(coalesce(t.referrer_domain, ''))),
                   (0, 0, 'utm_source', lower(coalesce(t.utm_source, ''))),
                   (0, 0, 'utm_medium', lower(coalesce(t.utm_medium, ''))),
                   (0, 0, 'utm_campaign', lower(coalesce(t.utm_campaign, ''))),
                   (0, 0, 'utm_term', lower(coalesce(t.utm_term, ''))),
                   (0, 0, 'utm_content', lower(coalesce(t.utm_content, ''))),
                   (0, 0, 'country', lower(coalesce(t.visitor_country, '')))) e(step_id, page_id, key, value)
       GROUP BY 1, 2, 3, 4, 5, 6, 7
      HAVING sum(CASE WHEN t.placed THEN t.sign ELSE 0 END) <> 0
          OR sum(CASE WHEN t.placed THEN t.sign * t.amount_minor ELSE 0 END) <> 0
          OR sum(CASE WHEN t.placed AND t.has_order_bump THEN t.sign ELSE 0 END) <> 0
          OR sum(CASE WHEN t.placed AND t.upsells_taken > 0 THEN t.sign ELSE 0 END) <> 0
          OR sum(CASE WHEN t.placed THEN 0 ELSE t.sign * t.amount_minor END) <> 0
      ON CONFLICT (account_id, key, value, day, funnel_id, step_id, page_id) DO UPDATE SET
        orders = r.orders + excluded.orders,
        revenue_minor = r.revenue_minor + excluded.revenue_minor,
        orders_with_bump = r.orders_with_bump + excluded.orders_with_bump,
        orders_with_upsell = r.orders_with_upsell + excluded.orders_with_upsell,
        refunded_minor = r.refunded_minor + excluded.refunded_minor
  $sql$, src);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER analytics_orders_changed ON orders;
--> statement-breakpoint
CREATE TRIGGER analytics_orders_inserted AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_orders_rows_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_orders_updated AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_orders_rows_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_orders_deleted AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_orders_rows_changed();
