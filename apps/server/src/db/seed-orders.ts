import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

export type DemoOrdersSize = { customers: number; orders: number };
export const DEMO_ORDERS_SIZE: DemoOrdersSize = { customers: 800, orders: 4000 };

/**
 * The demo account's shop: two funnels, three products, customers with addresses and metadata, and orders across
 * gateways and every status (pending, failed, paid, fulfilled, refunded, canceled, archived) with
 * items, timelines and notes, the counters and the funnels' daily stats. Set-based SQL
 * (generate_series), one transaction: a few seconds on PGlite.
 */
export async function seedDemoOrders(db: Db, accountId: number, size: DemoOrdersSize = DEMO_ORDERS_SIZE) {
  // Typed parameters: inside INSERT … SELECT an untyped parameter would be taken as text.
  const account = sql`${accountId}::bigint`;
  const c = sql`${size.customers}::int`;
  const n = sql`${size.orders}::int`;
  const lastNumber = sql`${1000 + size.orders}::bigint`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into funnels (account_id, name, funnel_type, path, currency_code)
      values (${account}, 'Summer sale', 1, 'summer-sale', 'USD'),
             (${account}, 'Yoga course', 0, 'yoga-course', 'USD')`);

    await tx.execute(sql`
      insert into customers (account_id, first_name, last_name, email, optin_email, payer_email, phone,
        shipping_address, shipping_city, shipping_state, shipping_zip, shipping_country,
        address, city, state, zip, country, metadata, is_auto_optin, created_at, updated_at)
      select ${account}, f.name, l.name,
        lower(f.name || '.' || l.name || i || '@example.com'),
        case when i % 3 = 0 then lower(f.name || i || '@mail.example') else '' end,
        case when i % 5 = 0 then lower('pay.' || l.name || i || '@example.com') else '' end,
        case when i % 2 = 0 then '+1 555 01' || lpad((i % 100)::text, 2, '0') else '0' || (7000000000 + i)::text end,
        (i % 200 + 1) || ' ' || s.name, ct.city, ct.state, lpad((10000 + i * 7 % 89999)::text, 5, '0'), ct.country,
        (i % 200 + 1) || ' ' || s.name, ct.city, ct.state, lpad((10000 + i * 7 % 89999)::text, 5, '0'), ct.country,
        case when i % 3 = 0 then '[]'::jsonb else jsonb_build_array(
          jsonb_build_object('key', 'utm_source', 'value', (array['newsletter','facebook','google','instagram'])[1 + i % 4]),
          jsonb_build_object('key', 'landing_page', 'value', '/summer-sale/offer-' || (i % 3))) end,
        i % 4 = 0,
        now() - ((${c} - i) * interval '7 hours'), now() - ((${c} - i) * interval '7 hours')
      from generate_series(1, ${c}) as i
      cross join lateral (select (array['Olivia','Liam','Emma','Noah','Ava','Elijah','Sophia','Lucas','Mia','Mateo',
        'Amelia','Levi','Harper','Ezra','Luna','Leo'])[1 + i % 16] as name) f
      cross join lateral (select (array['Smith','Johnson','Garcia','Brown','Miller','Davis','Martinez','Lopez',
        'Wilson','Anderson','Thomas','Moore','Clark','Lewis','Walker'])[1 + (i / 16) % 15] as name) l
      cross join lateral (select (array['Main St','Oak Ave','Pine Rd','Maple Dr','Cedar Ln'])[1 + i % 5] as name) s
      cross join lateral (select * from (values
        (0, 'Austin', 'TX', 'US'), (1, 'Portland', 'OR', 'US'), (2, 'London', '', 'GB'),
        (3, 'Toronto', 'ON', 'CA'), (4, 'Berlin', '', 'DE'), (5, 'Bucharest', '', 'RO')) v(k, city, state, country)
        where v.k = i % 6) ct`);

    // Orders spread over the customers' lifetimes; the newest order has the highest id and number.
    await tx.execute(sql`
      with f as (select array_agg(id order by id) as ids from funnels where account_id = ${account}),
      cu as (select id, first_name, last_name, email, shipping_address, shipping_city, shipping_state,
               shipping_zip, shipping_country, address, city, state, zip, country,
               row_number() over (order by id) - 1 as k
             from customers where account_id = ${account})
      insert into orders (account_id, order_number, customer_id, funnel_id, first_name, last_name, email,
        shipping_address, shipping_city, shipping_state, shipping_zip, shipping_country,
        address, city, state, zip, country,
        currency, gateway_id, app_id, is_apps, reference, payment_status,
        is_canceled, is_refunded, is_fulfilled, is_archived, tracking_number, shipping_carrier, tracking_url,
        trigger_automations, fulfilled_at, canceled_at, refunded_at, refund_reference, created_at, updated_at)
      select ${account}, (1000 + i)::text, cu.id,
        case i % 3 when 0 then f.ids[1] when 1 then f.ids[2] else null end,
        cu.first_name, cu.last_name, cu.email,
        -- Bought where they live: the order keeps the customer's addresses.
        cu.shipping_address, cu.shipping_city, cu.shipping_state, cu.shipping_zip, cu.shipping_country,
        cu.address, cu.city, cu.state, cu.zip, cu.country,
        case when i % 17 = 0 then 'EUR' when i % 29 = 0 then 'RON' else 'USD' end,
        g.id, case when g.id = 7 then 1 else 8 end, i % 3 = 1,
        case when i % 50 = 0 then null
             when g.id = 14 and i % 97 = 0 then 'sbx_fail_' || md5(i::text)
             when g.id = 14 then 'sbx_ch_' || substr(md5(i::text), 1, 24)
             when g.id = 5 then 'cod_' || substr(md5(i::text), 1, 12)
             else 'ref_' || substr(md5(i::text), 1, 16) end,
        case when i % 40 = 0 then 'processing' when i % 45 = 0 then 'failed' end,
        i % 11 = 0, i % 22 = 0 and g.refundable and t.paid,
        t.shipped,
        i % 30 = 0,
        case when t.shipped and i % 8 = 0 then '1Z' || upper(substr(md5(i::text), 1, 14)) end,
        case when t.shipped and i % 8 = 0 then (array['fedex','usps','other'])[1 + i % 3] end,
        case when t.shipped and i % 8 = 0 and i % 3 = 2 then 'https://track.example/' || i end,
        case when t.shipped then i % 5 <> 0 end,
        case when t.shipped then least(t.at + interval '1 day', t.seeded) end,
        case when i % 11 = 0 then least(t.at + interval '2 hours', t.seeded) end,
        case when i % 22 = 0 and g.refundable and t.paid then least(t.at + interval '2 hours', t.seeded) end,
        case when i % 22 = 0 and g.refundable and t.paid then 're_' || substr(md5(i::text), 1, 16) end,
        t.at, t.at
      from generate_series(1, ${n}) as i
      cross join f
      join cu on cu.k = i % ${c}
      -- History ends at the moment of seeding; only paid orders (no payment status) are fulfilled or refunded.
      cross join lateral (select now() - ((${n} - i) * interval '83 minutes') as at, now() as seeded,
        i % 40 <> 0 and i % 45 <> 0 as paid,
        i % 4 = 0 and i % 11 <> 0 and i % 40 <> 0 and i % 45 <> 0 as shipped) t
      cross join lateral (select * from (values
        (0, 14, true), (1, 14, true), (2, 1, true), (3, 14, true), (4, 5, false), (5, 7, false),
        (6, 2, false), (7, 8, true), (8, 99, false)) v(k, id, refundable) where v.k = i % 9) g`);

    // The shop's products, which its order lines name (and link to); 'Shipping protection' is a line
    // that is no catalogue product (product id 1: "Only items with product_id above 2 link to a product").
    await tx.execute(sql`
      insert into products (account_id, funnel_id, name, price_minor, currency)
      select ${account}, (select min(id) from funnels where account_id = ${account}), v.name, v.price, 'USD'
      from (values (1, 'Yoga mat', 2500), (2, 'Cork block', 1500), (3, 'Online course', 9900)) v(k, name, price)
      order by v.k`);
    await tx.execute(sql`
      with shop as (select array_agg(id order by id) as ids from products where account_id = ${account})
      insert into order_items (account_id, order_id, product_id, name, variant_title, image_url, amount_minor, qty)
      select o.account_id, o.id, coalesce(shop.ids[p.k], 1), p.name, p.variant, null, p.amount,
        case when o.id % 5 = 0 then 2 else 1 end
      from orders o
      cross join shop
      cross join lateral generate_series(1, 1 + (o.id % 3)::int) as line
      cross join lateral (select * from (values
        (1, 'Yoga mat', 'Main Product', 2500), (2, 'Cork block', 'Blue', 1500),
        (3, 'Online course', 'Lifetime access', 9900), (4, 'Shipping protection', 'Main Product', 300))
        v(k, name, variant, amount) where v.k = 1 + ((o.id + line) % 4)) p
      where o.account_id = ${account}`);
    await tx.execute(sql`
      update orders o set amount_minor = s.total, items_count = s.qty
      from (select order_id, sum(amount_minor * qty) as total, sum(qty) as qty from order_items
            where account_id = ${account} group by order_id) s
      where o.id = s.order_id and o.account_id = ${account}`);

    await tx.execute(sql`
      insert into order_events (account_id, order_id, type, name, value, created_at)
      select account_id, id, 2, 'Order placed',
        jsonb_build_object('amount', amount_minor / 100.0, 'ref', reference, 'gatewayId', gateway_id), created_at
      from orders where account_id = ${account}
      union all
      select account_id, id, 7, 'Order confirmation e-mail sent', jsonb_build_object('desc', email), least(created_at + interval '1 minute', now())
      from orders where account_id = ${account} and payment_status is null and email <> ''
      union all
      select account_id, id, 3, 'Payment not confirmed yet', jsonb_build_object('desc', 'Waiting for the gateway'), least(created_at + interval '5 minutes', now())
      from orders where account_id = ${account} and payment_status = 'processing'
      union all
      select account_id, id, 1, 'Payment failed', jsonb_build_object('error', 'Your card was declined.', 'can_retry', false, 'gatewayId', gateway_id), created_at
      from orders where account_id = ${account} and payment_status = 'failed'
      union all
      select account_id, id, 8, 'Order fulfilled', jsonb_build_object('tracking_number', tracking_number,
        'shipping_carrier', shipping_carrier, 'trigger_automations', trigger_automations), fulfilled_at
      from orders where account_id = ${account} and is_fulfilled
      union all
      select account_id, id, 4, 'Order refunded', jsonb_build_object('amount', amount_minor / 100.0, 'ref', refund_reference, 'gatewayId', gateway_id), refunded_at
      from orders where account_id = ${account} and is_refunded
      union all
      select account_id, id, 5, 'Order canceled', jsonb_build_object('desc', 'Customer changed their mind'), canceled_at
      from orders where account_id = ${account} and is_canceled
      union all
      select account_id, id, 1, 'Refund failed', jsonb_build_object('amount', amount_minor / 100.0, 'error', 'The payment service is busy, try again.',
        'can_retry', true, 'gatewayId', gateway_id, 'action', 'refund'), least(created_at + interval '3 days', now())
      from orders where account_id = ${account} and reference like 'sbx\\_fail\\_%' and not is_refunded and payment_status is null
      union all
      select account_id, id, 6, 'Order archived', '{}'::jsonb, least(created_at + interval '30 days', now())
      from orders where account_id = ${account} and is_archived`);

    await tx.execute(sql`
      insert into order_notes (account_id, order_id, customer_id, funnel_id, value, created_at, updated_at)
      select account_id, id, customer_id, funnel_id,
        (array['Customer asked for gift wrapping.', 'Called to confirm the address.', 'Ships with the next batch.'])[1 + id % 3],
        least(created_at + interval '1 hour', now()), least(created_at + interval '1 hour', now())
      from orders where account_id = ${account} and id % 25 = 0`);

    // Counters in step with the rows just written (lists read totals from them).
    await tx.execute(sql`
      insert into order_counts (account_id, funnel_key, archived, count)
      select ${account}, 0, is_archived, count(*) from orders
      where account_id = ${account} and deleted_at is null group by is_archived
      union all
      select ${account}, funnel_id, is_archived, count(*) from orders
      where account_id = ${account} and deleted_at is null and funnel_id is not null group by funnel_id, is_archived
      on conflict (account_id, funnel_key, archived) do update set count = order_counts.count + excluded.count`);
    await tx.execute(sql`
      insert into order_day_counts (account_id, funnel_key, archived, day, count)
      select ${account}, 0, is_archived, (created_at at time zone 'UTC')::date, count(*) from orders
      where account_id = ${account} and deleted_at is null group by is_archived, 4
      union all
      select ${account}, funnel_id, is_archived, (created_at at time zone 'UTC')::date, count(*) from orders
      where account_id = ${account} and deleted_at is null and funnel_id is not null group by funnel_id, is_archived, 4
      on conflict (account_id, funnel_key, archived, day) do update set count = order_day_counts.count + excluded.count`);
    await tx.execute(sql`
      insert into account_counters (account_id, customers_count, last_order_number)
      values (${account}, ${c}, ${lastNumber})
      on conflict (account_id) do update set customers_count = account_counters.customers_count + ${c},
        last_order_number = greatest(account_counters.last_order_number, ${lastNumber})`);
    await tx.execute(sql`
      insert into funnel_daily_stats (account_id, funnel_id, day, revenue_minor, orders)
      select ${account}, funnel_id, created_at::date,
        sum(case when is_canceled or payment_status is not null then 0 else amount_minor end), count(*)
      from orders where account_id = ${account} and funnel_id is not null
      group by funnel_id, created_at::date`);
    // The visits behind the orders (analytics' Conv. rate and Optin rate, the funnels' unique visits, which
    // the rollup job counts from these views): before each order, twenty
    // page views of sixteen visitors in the next half day before it, and two opt-ins; about 6 % of visitors buy.
    await tx.execute(sql`
      with f as (select array_agg(id order by id) as ids from funnels where account_id = ${account}),
      o as (select id, coalesce(funnel_id, (select ids[1 + id % 2] from f)) as funnel_id, created_at
              from orders where account_id = ${account})
      insert into page_view_events (account_id, funnel_id, visitor_id, session_id, referrer, referrer_domain, utm_source,
        utm_medium, country, currency, created_at)
      select ${account}, o.funnel_id, 'demo-' || o.id || '-' || (j % 16), 'demo-session-' || o.id || '-' || (j % 16),
        (array['https://www.google.com/', 'https://www.facebook.com/', null, 'https://mail.example.org/'])[1 + (o.id + j) % 4],
        (array['google.com', 'facebook.com', null, 'mail.example.org'])[1 + (o.id + j) % 4],
        (array[null, 'facebook', null, 'newsletter'])[1 + (o.id + j) % 4],
        (array[null, 'social', null, 'email'])[1 + (o.id + j) % 4],
        (array['US', 'GB', 'DE', 'FR', 'CA'])[1 + (o.id + j) % 5], 'USD',
        o.created_at - (j * interval '37 minutes')
      from o cross join generate_series(1, 20) as j`);
    await tx.execute(sql`
      insert into optin_events (account_id, funnel_id, visitor_id, country, currency, created_at)
      select ${account}, coalesce(o.funnel_id, (select min(id) from funnels where account_id = ${account})),
        'demo-' || o.id || '-' || j, 'US', 'USD', o.created_at - (j * interval '29 minutes')
      from orders o cross join generate_series(1, 2) as j where o.account_id = ${account}`);
  });
}
