CREATE TABLE "api_request_counts" (
	"account_id" bigint NOT NULL,
	"bucket" text NOT NULL,
	"minute" integer NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "api_request_counts_account_id_bucket_minute_pk" PRIMARY KEY("account_id","bucket","minute")
);
--> statement-breakpoint
CREATE TABLE "throttle_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"subject" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP TABLE "sign_in_failures" CASCADE;--> statement-breakpoint
CREATE INDEX "api_request_counts_minute_idx" ON "api_request_counts" USING btree ("minute");--> statement-breakpoint
CREATE INDEX "throttle_events_subject_idx" ON "throttle_events" USING btree ("scope","subject","created_at");--> statement-breakpoint
CREATE INDEX "throttle_events_address_idx" ON "throttle_events" USING btree ("scope","address","created_at");