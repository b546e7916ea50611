-- The spans' day indexes carry the columns the analytics reads take (INCLUDE, which the schema cannot say),
-- so they read index-only instead of one heap page per span row. At full bench size (10M views), Top
-- Funnels' per-funnel read took 70 ms for 26,688 rows and the Dashboard went from 100 to 35 ms; a funnel's
-- breakdown went from 22 to 7 ms (decisions.md "Analytics under live load").
DROP INDEX "analytics_visitor_spans_day_idx";
--> statement-breakpoint
CREATE INDEX "analytics_visitor_spans_day_idx" ON "analytics_visitor_spans" USING btree ("account_id","kind","key","value","day") INCLUDE ("prev_day","funnel_id","step_id","page_id","visitors");
--> statement-breakpoint
DROP INDEX "analytics_visitor_spans_funnel_day_idx";
--> statement-breakpoint
CREATE INDEX "analytics_visitor_spans_funnel_day_idx" ON "analytics_visitor_spans" USING btree ("account_id","kind","key","value","funnel_id","day") INCLUDE ("prev_day","step_id","page_id","visitors");
