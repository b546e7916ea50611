CREATE TABLE "user_apps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"app_id" bigint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "webhook_deliveries_connection_event_idx";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "funnel_app_id" bigint;--> statement-breakpoint
ALTER TABLE "user_apps" ADD CONSTRAINT "user_apps_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_apps_account_app_idx" ON "user_apps" USING btree ("account_id","app_id");--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_funnel_app_id_funnel_apps_id_fk" FOREIGN KEY ("funnel_app_id") REFERENCES "public"."funnel_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_funnel_app_event_idx" ON "webhook_deliveries" USING btree ("funnel_app_id","outbox_event_id") WHERE "webhook_deliveries"."funnel_app_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_connection_event_idx" ON "webhook_deliveries" USING btree ("user_integration_id","outbox_event_id") WHERE "webhook_deliveries"."funnel_app_id" is null;