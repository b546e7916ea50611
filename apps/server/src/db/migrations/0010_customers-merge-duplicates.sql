-- Merges live customers that share an e-mail (case-insensitive, per account) before the next
-- migration makes that e-mail unique. Concurrent checkouts and opt-ins could create such twins.
-- The oldest customer of a group (lowest id) survives: each of its fields takes the newest non-blank
-- value in the group (a later checkout's fields replace older ones, as one customer's would), metadata
-- is the union by key (newest value wins), is_auto_optin is true if any was. Orders, order sessions,
-- subscriptions, notes and activity of the twins move to the survivor; the twins are then deleted the
-- way a customer delete does it (personal fields erased, deleted_at set) and the account's customer
-- count drops by their number. Nothing an order points at is removed.
CREATE TABLE "customer_merge" AS
SELECT "id", "survivor_id"
FROM (
  SELECT "id",
    min("id") OVER (PARTITION BY "account_id", lower("email")) AS "survivor_id",
    count(*) OVER (PARTITION BY "account_id", lower("email")) AS "group_size"
  FROM "customers"
  WHERE "email" <> '' AND "deleted_at" IS NULL
) AS "grouped"
WHERE "group_size" > 1;
--> statement-breakpoint
CREATE UNIQUE INDEX "customer_merge_id_idx" ON "customer_merge" ("id");
--> statement-breakpoint
UPDATE "customers" AS "s" SET
  "first_name" = coalesce((SELECT "d"."first_name" FROM "customer_merge" "m" JOIN "customers" "d" ON "d"."id" = "m"."id" WHERE "m"."survivor_id" = "s"."id" AND "d"."first_name" <> '' ORDER BY "d"."updated_at" DESC, "d"."id" DESC LIMIT 1), "s"."first_name"),
  "last_name" = coalesce((SELECT "d"."last_name" FROM "customer_merge" "m" JOIN "customers" "d" ON "d"."id" = "m"."id" WHERE "m"."survivor_id" = "s"."id" AND "d"."last_name" <> '' ORDER BY "d"."updated_at" DESC, "d"."id" DESC LIMIT 1), "s"."last_name"),
  "optin_email" = coalesce((SELECT "d"."optin_email" FROM "customer_merge" "m" JOIN "customers" "d" ON "d"."id" = "m"."id" WHERE "m"."survivor_id" = "s"."id" AND "d"."optin_email" <> '' ORDER BY "d"."updated_at" DESC, "d"."id" DESC LIMIT 1), "s"."optin_email"),
  "payer_email" = coalesce((SELECT "d"."payer_email" FROM "customer_merge" "m" JOIN "customers" "d" ON "d"."id" = "m"."id" WHERE "m"."survivor_id" = "s"."id" AND "d"."payer_email" <> '' ORDER BY "d"."updated_at" DESC, "d"."id" DESC LIMIT 1), "s"."payer_email"),
  "phone" = coalesce((SELECT "d"."phone" FROM "customer_merge" "m" JOIN "customers" "d" ON "d"."id" = "m"."id" WHERE "m"."survivor_id" = "s"."id" AND "d"."phone" <> '' ORDER BY "d"."updated_at" DESC, "d"."id" DESC LIMIT 1), "s"."phone"),
  "shipping_address" = coalesce((SELECT "d"."shipping_address" FROM "customer_merge" "m" JOIN "customers" "d" ON "d"."id" = "m"."id" WHERE "m"."survivor_id" = "s"."id" AND "d"."shipping_address" <> '' ORDER BY "d"."updated_at" DESC, "d"."id" DESC LIMIT 1), "s"."shipping_address"),
  "shipping_state" = coalesce((SELECT "d"."shipping_state" FROM "customer_merge" "m" JOIN "customers" "d" ON "d"."id" = "m"."id" WHERE "m"."survivor_id" = "s"."id" AND "d"."shipping_state" <> '' ORDER BY "d"."updated_at" DESC, "d"."id" DESC LIMIT 1), "s"."shipping_state"),
  "shipping_city" = coalesce((SELECT "d"."shipping_city" FROM "customer_merge" "m" JOIN "customers" "d" ON "d"."id" = "m"."id" WHERE "m"."survivor_id" = "s"."id" AND "d"."shipping_city" <> '' ORDER BY "d"."updated_at" DESC, "d"."id" DESC LIMIT 1), "s"."shipping_city"),
  "shipping_zip" = coalesce((SELECT "d"."shipping_zip" FROM "customer_merge" "m" JOIN "customers" "d" ON "d"."id" = "m"."id" WHERE "m"."survivor_id" = "s"."id" AND "d"."shipping_zip" <> '' ORDER BY "d"."updated_at" DESC, "d"."id" DESC LIMIT 1), "s"."shipping_zip"),
  "shipping_country" = coalesce((SELECT "d"."shipping_country" FROM "customer_merge" "m" JOIN "customers" "d" ON "d"."id" = "m"."id" WHERE "m"."survivor_id" = "s"."id" AND "d"."shipping_country" <> '' ORDER BY "d"."updated_at" DESC, "d"."id" DESC LIMIT 1), "s"."shipping_country"),
  "address" = coalesce((SELECT "d"."address" FROM "customer_merge" "m" JOIN "customers" "d" ON "d"."id" = "m"."id" WHERE "m"."survivor_id" = "s"."id" AND "d"."address" <> '' ORDER BY "d"."updated_at" DESC, "d"."id" DESC LIMIT 1), "s"."address"),
  "state" = coalesce((SELECT "d"."state" FROM "customer_merge" "m" JOIN "customers" "d" ON "d"."id" = "m"."id" WHERE "m"."survivor_id" = "s"."id" AND "d"."state" <> '' ORDER BY "d"."updated_at" DESC, "d"."id" DESC LIMIT 1), "s"."state"),
  "city" = coalesce((SELECT "d"."city" FROM "customer_merge" "m" JOIN "customers" "d" ON "d"."id" = "m"."id" WHERE "m"."survivor_id" = "s"."id" AND "d"."city" <> '' ORDER BY "d"."updated_at" DESC, "d"."id" DESC LIMIT 1), "s"."city"),
  "zip" = coalesce((SELECT "d"."zip" FROM "customer_merge" "m" JOIN "customers" "d" ON "d"."id" = "m"."id" WHERE "m"."survivor_id" = "s"."id" AND "d"."zip" <> '' ORDER BY "d"."updated_at" DESC, "d"."id" DESC LIMIT 1), "s"."zip"),
  "country" = coalesce((SELECT "d"."country" FROM "customer_merge" "m" JOIN "customers" "d" ON "d"."id" = "m"."id" WHERE "m"."survivor_id" = "s"."id" AND "d"."country" <> '' ORDER BY "d"."updated_at" DESC, "d"."id" DESC LIMIT 1), "s"."country"),
  "metadata" = (
    SELECT coalesce(jsonb_agg(jsonb_build_object('key', "k", 'value', "v") ORDER BY "k"), '[]'::jsonb)
    FROM (
      SELECT DISTINCT ON ("e"->>'key') "e"->>'key' AS "k", "e"->>'value' AS "v"
      FROM "customer_merge" "m"
      JOIN "customers" "d" ON "d"."id" = "m"."id"
      CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof("d"."metadata") = 'array' THEN "d"."metadata" ELSE '[]'::jsonb END) AS "e"
      WHERE "m"."survivor_id" = "s"."id" AND "e"->>'key' IS NOT NULL
      ORDER BY "e"->>'key', "d"."updated_at" DESC, "d"."id" DESC
    ) AS "entries"
  ),
  "is_auto_optin" = (SELECT bool_or("d"."is_auto_optin") FROM "customer_merge" "m" JOIN "customers" "d" ON "d"."id" = "m"."id" WHERE "m"."survivor_id" = "s"."id"),
  "created_at" = (SELECT min("d"."created_at") FROM "customer_merge" "m" JOIN "customers" "d" ON "d"."id" = "m"."id" WHERE "m"."survivor_id" = "s"."id"),
  "updated_at" = now()
WHERE "s"."id" IN (SELECT "survivor_id" FROM "customer_merge");
--> statement-breakpoint
UPDATE "orders" AS "o" SET "customer_id" = "s"."id", "first_name" = "s"."first_name", "last_name" = "s"."last_name"
FROM "customer_merge" "m" JOIN "customers" "s" ON "s"."id" = "m"."survivor_id"
WHERE "o"."customer_id" = "m"."id";
--> statement-breakpoint
UPDATE "order_sessions" AS "x" SET "customer_id" = "m"."survivor_id" FROM "customer_merge" "m" WHERE "x"."customer_id" = "m"."id" AND "m"."id" <> "m"."survivor_id";
--> statement-breakpoint
UPDATE "subscriptions" AS "x" SET "customer_id" = "m"."survivor_id" FROM "customer_merge" "m" WHERE "x"."customer_id" = "m"."id" AND "m"."id" <> "m"."survivor_id";
--> statement-breakpoint
UPDATE "order_notes" AS "x" SET "customer_id" = "m"."survivor_id" FROM "customer_merge" "m" WHERE "x"."customer_id" = "m"."id" AND "m"."id" <> "m"."survivor_id";
--> statement-breakpoint
UPDATE "activity_items" AS "x" SET "customer_id" = "m"."survivor_id" FROM "customer_merge" "m" WHERE "x"."customer_id" = "m"."id" AND "m"."id" <> "m"."survivor_id";
--> statement-breakpoint
UPDATE "account_counters" AS "a" SET "customers_count" = "a"."customers_count" - "twins"."n"
FROM (
  SELECT "c"."account_id", count(*) AS "n"
  FROM "customer_merge" "m" JOIN "customers" "c" ON "c"."id" = "m"."id"
  WHERE "m"."id" <> "m"."survivor_id"
  GROUP BY "c"."account_id"
) AS "twins"
WHERE "a"."account_id" = "twins"."account_id";
--> statement-breakpoint
UPDATE "customers" AS "c" SET
  "first_name" = '', "last_name" = '', "email" = '', "optin_email" = '', "payer_email" = '', "phone" = '',
  "shipping_address" = '', "shipping_state" = '', "shipping_city" = '', "shipping_zip" = '', "shipping_country" = '',
  "address" = '', "state" = '', "city" = '', "zip" = '', "country" = '', "metadata" = '[]'::jsonb,
  "deleted_at" = now(), "updated_at" = now()
FROM "customer_merge" "m"
WHERE "c"."id" = "m"."id" AND "m"."id" <> "m"."survivor_id";
--> statement-breakpoint
DROP TABLE "customer_merge";
