-- Trigram indexes (orders and customers search) need pg_trgm; PGlite loads it in pglite-worker.js.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
