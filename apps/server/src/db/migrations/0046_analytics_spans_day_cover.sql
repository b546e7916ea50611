-- The spans' day index carries the columns the Dashboard's reads take (INCLUDE, which the schema cannot
-- say), so Top Funnels and the visitors read it index-only instead of one heap page per span row: at
-- full bench size (10M views) the per-funnel read took 70 ms for 26,688 rows, and the Dashboard went from
-- 100 to 35 ms (decisions.md "Analytics under live load").
DROP INDEX "analytics_visitor_spans_day_idx";
--> statement-breakpoint
CREATE INDEX "analytics_visitor_spans_day_idx" ON "analytics_visitor_spans" USING btree ("account_id","kind","key","value","day") INCLUDE ("prev_day","funnel_id","step_id","page_id","visitors");
