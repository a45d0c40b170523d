CREATE TABLE "send_reservations" (
	"user_id" integer NOT NULL,
	"chat_id" integer NOT NULL,
	"client_message_id" text NOT NULL,
	"reserved_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "send_reservations_user_id_chat_id_client_message_id_pk" PRIMARY KEY("user_id","chat_id","client_message_id")
);
--> statement-breakpoint
CREATE TABLE "write_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_started_at" timestamp (6) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "generations" DROP CONSTRAINT "generations_status";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "interrupted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_status" CHECK ("generations"."status" in ('running', 'finished', 'stopped', 'failed', 'interrupted'));