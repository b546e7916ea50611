-- Fills order_day_counts for the orders that exist before it is kept in step: live (not deleted)
-- orders per account (funnel_key 0) and per funnel, per archive state, per UTC day of created_at,
-- exactly as adjustOrderCounts counts them from here on.
INSERT INTO "order_day_counts" ("account_id", "funnel_key", "archived", "day", "count")
SELECT "account_id", 0, "is_archived", ("created_at" AT TIME ZONE 'UTC')::date, count(*)
FROM "orders"
WHERE "deleted_at" IS NULL
GROUP BY "account_id", "is_archived", ("created_at" AT TIME ZONE 'UTC')::date
UNION ALL
SELECT "account_id", "funnel_id", "is_archived", ("created_at" AT TIME ZONE 'UTC')::date, count(*)
FROM "orders"
WHERE "deleted_at" IS NULL AND "funnel_id" IS NOT NULL
GROUP BY "account_id", "funnel_id", "is_archived", ("created_at" AT TIME ZONE 'UTC')::date;
