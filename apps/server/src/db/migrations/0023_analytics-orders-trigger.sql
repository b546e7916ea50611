-- analytics_orders_hourly kept in step with orders: each change subtracts the old row's part and adds
-- the new row's, in the same transaction (exact whatever changes an order: refunds, cancellations,
-- upsells, deletion, a late payment). Filter values are lower-cased, '' when missing, as the filters
-- compare them; key_hash is their md5 (the rollup job hashes page views' values the same way).
CREATE OR REPLACE FUNCTION analytics_order_part(o orders, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  k text[];
  h text;
  refunded_at timestamptz;
BEGIN
  IF o.payment_status IS NOT NULL OR o.deleted_at IS NOT NULL THEN
    RETURN;
  END IF;
  -- An account being deleted takes its orders and rollups with it: nothing to subtract.
  IF sign < 0 AND NOT EXISTS (SELECT 1 FROM accounts WHERE id = o.account_id) THEN
    RETURN;
  END IF;
  k := ARRAY[lower(coalesce(o.currency, '')), lower(coalesce(o.referrer, '')), lower(coalesce(o.referrer_domain, '')),
             lower(coalesce(o.utm_source, '')), lower(coalesce(o.utm_medium, '')), lower(coalesce(o.utm_campaign, '')),
             lower(coalesce(o.utm_term, '')), lower(coalesce(o.utm_content, '')), lower(coalesce(o.visitor_country, ''))];
  h := md5(array_to_string(k, chr(31)));
  INSERT INTO analytics_orders_hourly AS r (account_id, hour, funnel_id, step_id, page_id, key_hash, currency, referrer,
      referrer_domain, utm_source, utm_medium, utm_campaign, utm_term, utm_content, country, orders, revenue_minor,
      orders_with_bump, orders_with_upsell)
    VALUES (o.account_id, date_trunc('hour', o.created_at, 'UTC'), coalesce(o.funnel_id, 0), coalesce(o.step_id, 0),
      coalesce(o.page_id, 0), h, k[1], k[2], k[3], k[4], k[5], k[6], k[7], k[8], k[9], sign, sign * o.amount_minor,
      CASE WHEN o.has_order_bump THEN sign ELSE 0 END, CASE WHEN o.upsells_taken > 0 THEN sign ELSE 0 END)
    ON CONFLICT (account_id, hour, funnel_id, step_id, page_id, key_hash) DO UPDATE SET
      orders = r.orders + excluded.orders,
      revenue_minor = r.revenue_minor + excluded.revenue_minor,
      orders_with_bump = r.orders_with_bump + excluded.orders_with_bump,
      orders_with_upsell = r.orders_with_upsell + excluded.orders_with_upsell;
  refunded_at := least(o.canceled_at, o.refunded_at);
  IF (o.is_refunded OR o.is_canceled) AND refunded_at IS NOT NULL THEN
    INSERT INTO analytics_orders_hourly AS r (account_id, hour, funnel_id, step_id, page_id, key_hash, currency, referrer,
        referrer_domain, utm_source, utm_medium, utm_campaign, utm_term, utm_content, country, refunded_minor)
      VALUES (o.account_id, date_trunc('hour', refunded_at, 'UTC'), coalesce(o.funnel_id, 0), coalesce(o.step_id, 0),
        coalesce(o.page_id, 0), h, k[1], k[2], k[3], k[4], k[5], k[6], k[7], k[8], k[9], sign * o.amount_minor)
      ON CONFLICT (account_id, hour, funnel_id, step_id, page_id, key_hash) DO UPDATE SET
        refunded_minor = r.refunded_minor + excluded.refunded_minor;
  END IF;
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
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM analytics_order_part(NEW, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_orders_changed AFTER INSERT OR UPDATE OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION analytics_orders_changed();
--> statement-breakpoint
-- The orders placed before this migration.
SELECT analytics_order_part(o, 1) FROM orders o;
