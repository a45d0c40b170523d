CREATE TABLE "businesses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"stage" text NOT NULL,
	"name" text NOT NULL,
	"location" text NOT NULL,
	"description" text NOT NULL,
	"goal" text NOT NULL,
	"extra_info" text DEFAULT '' NOT NULL,
	"team_description" text NOT NULL,
	"team_size" integer NOT NULL,
	"user_position" text DEFAULT '' NOT NULL,
	"competitor_existence" boolean,
	"competitor_differentiation" text,
	"investment" double precision,
	"investment_currency" text,
	"billing" double precision,
	"billing_currency" text,
	"ebitda" double precision,
	"ebitda_currency" text,
	"profit_margin" double precision,
	"mission_and_vision" text,
	"logo_key" text,
	"logo_version" text,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "researches" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"max_tokens" integer NOT NULL,
	"status" text NOT NULL,
	"summary" text,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp (6) with time zone
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "researches" ADD CONSTRAINT "researches_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "businesses_user_id_idx" ON "businesses" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "researches_business_id_idx" ON "researches" USING btree ("business_id","id");