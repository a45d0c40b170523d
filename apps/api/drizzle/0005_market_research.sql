CREATE TABLE "research_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"research_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "research_events_seq" UNIQUE("research_id","seq")
);
--> statement-breakpoint
CREATE TABLE "research_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"research_id" integer NOT NULL,
	"number" integer NOT NULL,
	"url" text NOT NULL,
	"title" text NOT NULL,
	"excerpt" text NOT NULL,
	"fetched_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "research_sources_number" UNIQUE("research_id","number"),
	CONSTRAINT "research_sources_url" UNIQUE("research_id","url")
);
--> statement-breakpoint
ALTER TABLE "researches" ADD COLUMN "mode" text;--> statement-breakpoint
ALTER TABLE "researches" ADD COLUMN "stage" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "researches" ADD COLUMN "progress_permille" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "researches" ADD COLUMN "plan" jsonb;--> statement-breakpoint
ALTER TABLE "researches" ADD COLUMN "notes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "researches" ADD COLUMN "sections" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "researches" ADD COLUMN "missing" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "researches" ADD COLUMN "partial" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "researches" ADD COLUMN "tokens_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "researches" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "researches" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "researches" ADD COLUMN "heartbeat_at" timestamp (6) with time zone;--> statement-breakpoint
ALTER TABLE "researches" ADD COLUMN "started_at" timestamp (6) with time zone;--> statement-breakpoint
ALTER TABLE "research_events" ADD CONSTRAINT "research_events_research_id_researches_id_fk" FOREIGN KEY ("research_id") REFERENCES "public"."researches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_sources" ADD CONSTRAINT "research_sources_research_id_researches_id_fk" FOREIGN KEY ("research_id") REFERENCES "public"."researches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "researches_status_idx" ON "researches" USING btree ("status");--> statement-breakpoint
-- Requests recorded before the job existed: keep the newest one per business under way.
UPDATE "researches" r SET "status" = 'failed', "error" = 'Sustituida por una petición más reciente.'
WHERE r."status" IN ('pending', 'running') AND EXISTS (
  SELECT 1 FROM "researches" n
  WHERE n."business_id" = r."business_id" AND n."status" IN ('pending', 'running') AND n."id" > r."id");--> statement-breakpoint
CREATE UNIQUE INDEX "researches_one_active" ON "researches" USING btree ("business_id") WHERE "researches"."status" in ('pending', 'running');--> statement-breakpoint
ALTER TABLE "researches" ADD CONSTRAINT "researches_progress_range" CHECK ("researches"."progress_permille" between 0 and 1000);