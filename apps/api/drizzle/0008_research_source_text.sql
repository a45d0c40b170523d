ALTER TABLE "research_sources" ADD COLUMN "text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "research_sources" ADD COLUMN "content_hash" text;--> statement-breakpoint
CREATE INDEX "research_sources_content_idx" ON "research_sources" USING btree ("research_id","content_hash");