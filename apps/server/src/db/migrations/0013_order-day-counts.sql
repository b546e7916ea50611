CREATE TABLE "order_day_counts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"funnel_key" bigint NOT NULL,
	"archived" boolean NOT NULL,
	"day" date NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_day_counts" ADD CONSTRAINT "order_day_counts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_day_counts_key_idx" ON "order_day_counts" USING btree ("account_id","funnel_key","archived","day");