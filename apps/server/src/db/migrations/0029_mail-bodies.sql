CREATE TABLE "mail_bodies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint,
	"compiled" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "body_id" bigint;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "merge_values" jsonb;--> statement-breakpoint
ALTER TABLE "mail_bodies" ADD CONSTRAINT "mail_bodies_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_bodies_account_idx" ON "mail_bodies" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_body_id_mail_bodies_id_fk" FOREIGN KEY ("body_id") REFERENCES "public"."mail_bodies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_messages_body_idx" ON "mail_messages" USING btree ("body_id");