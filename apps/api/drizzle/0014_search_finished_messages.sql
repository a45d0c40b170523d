DROP INDEX "messages_search_idx";--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin (to_tsvector('spanish', rumbo_unaccent("content"))) WHERE "messages"."finished";