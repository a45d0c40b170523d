DROP INDEX "messages_reply_to_unique";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "version_of" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "shown" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "selected_at" timestamp (6) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_reply_to_idx" ON "messages" USING btree ("reply_to");--> statement-breakpoint
CREATE INDEX "messages_parent_id_idx" ON "messages" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "messages_version_of_idx" ON "messages" USING btree ("version_of");--> statement-breakpoint
-- Chats so far are one branch each: an answer follows its question, a question the message before it.
UPDATE "messages" SET "parent_id" = "reply_to" WHERE "reply_to" IS NOT NULL;--> statement-breakpoint
UPDATE "messages" m SET "parent_id" = p."previous"
FROM (SELECT "id", lag("id") OVER (PARTITION BY "chat_id" ORDER BY "id") AS "previous" FROM "messages") p
WHERE p."id" = m."id" AND m."reply_to" IS NULL AND p."previous" IS NOT NULL;--> statement-breakpoint
UPDATE "messages" SET "selected_at" = "time";
