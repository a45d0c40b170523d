CREATE TABLE "roadmap_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"label" text NOT NULL,
	"before" jsonb NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp (6) with time zone
);
--> statement-breakpoint
CREATE TABLE "roadmap_milestones" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"stage" text,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roadmap_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"milestone_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"why" text DEFAULT '' NOT NULL,
	"done_when" text DEFAULT '' NOT NULL,
	"due_date" text,
	"status" text DEFAULT 'pendiente' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	"completed_at" timestamp (6) with time zone,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roadmaps" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"origin" text NOT NULL,
	"research_id" integer,
	"proposal" jsonb,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roadmap_changes" ADD CONSTRAINT "roadmap_changes_business_id_roadmaps_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."roadmaps"("business_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roadmap_milestones" ADD CONSTRAINT "roadmap_milestones_business_id_roadmaps_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."roadmaps"("business_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roadmap_tasks" ADD CONSTRAINT "roadmap_tasks_milestone_id_roadmap_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."roadmap_milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roadmap_tasks" ADD CONSTRAINT "roadmap_tasks_business_id_roadmaps_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."roadmaps"("business_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roadmaps" ADD CONSTRAINT "roadmaps_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roadmaps" ADD CONSTRAINT "roadmaps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roadmaps" ADD CONSTRAINT "roadmaps_research_id_researches_id_fk" FOREIGN KEY ("research_id") REFERENCES "public"."researches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roadmap_changes_business_idx" ON "roadmap_changes" USING btree ("business_id","id");--> statement-breakpoint
CREATE INDEX "roadmap_milestones_business_idx" ON "roadmap_milestones" USING btree ("business_id","position");--> statement-breakpoint
CREATE INDEX "roadmap_tasks_milestone_idx" ON "roadmap_tasks" USING btree ("milestone_id","position");--> statement-breakpoint
CREATE INDEX "roadmap_tasks_business_idx" ON "roadmap_tasks" USING btree ("business_id");