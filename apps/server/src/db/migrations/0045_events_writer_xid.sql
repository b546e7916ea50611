-- Events written before this migration read xid '0' (a constant default: no table rewrite); the job's
-- watermark ('0', last_id) then holds exactly the rows it has counted, and new rows carry their writer.
ALTER TABLE "analytics_rollup_state" ADD COLUMN "last_xid" "xid8" DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "optin_events" ADD COLUMN "xid" "xid8" DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "optin_events" ALTER COLUMN "xid" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
ALTER TABLE "page_view_events" ADD COLUMN "xid" "xid8" DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "page_view_events" ALTER COLUMN "xid" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
CREATE INDEX "optin_events_xid_idx" ON "optin_events" USING btree ("xid","id");--> statement-breakpoint
CREATE INDEX "page_view_events_xid_idx" ON "page_view_events" USING btree ("xid","id");--> statement-breakpoint
INSERT INTO "analytics_rollup_state" ("source", "last_id") VALUES ('page_views', 0), ('optins', 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The new column has no statistics yet: without them the planner reads the tail past the watermark
-- with a sequential scan of every event instead of the (xid, id) index.
ANALYZE "page_view_events";--> statement-breakpoint
ANALYZE "optin_events";
