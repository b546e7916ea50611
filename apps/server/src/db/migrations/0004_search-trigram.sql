-- Global search matches names anywhere in the text (ILIKE '%term%'); trigram GIN indexes answer that
-- without reading every row of a large account.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "funnels_name_trgm_idx" ON "funnels" USING gin ("name" gin_trgm_ops) WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);
