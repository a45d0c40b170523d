CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"full_name" text NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"plan_id" integer DEFAULT -1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_language_es" CHECK ("users"."language" = 'es')
);
