CREATE TABLE "rate_limit_cells" (
	"name" text PRIMARY KEY NOT NULL,
	"tat" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_cells_tat_idx" ON "rate_limit_cells" USING btree ("tat");