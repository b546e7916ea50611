DROP INDEX "mail_messages_account_idx";--> statement-breakpoint
CREATE INDEX "mail_messages_account_created_idx" ON "mail_messages" USING btree ("account_id","created_at");