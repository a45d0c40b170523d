CREATE TABLE "attachments" (
	"id" text PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"extracted_text" text,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chats" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"title_generated" boolean DEFAULT false NOT NULL,
	"start_time" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "generations" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"status" text NOT NULL,
	"owner" text NOT NULL,
	"cost" integer DEFAULT 0 NOT NULL,
	"credit_source" text,
	"stop_requested" boolean DEFAULT false NOT NULL,
	"model" text,
	"input_tokens" integer,
	"output_tokens" integer,
	"error" text,
	"started_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp (6) with time zone,
	CONSTRAINT "generations_status" CHECK ("generations"."status" in ('running', 'finished', 'stopped', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"chat_id" integer NOT NULL,
	"sender" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"finished" boolean DEFAULT true NOT NULL,
	"client_message_id" text,
	"reply_to" integer,
	"answer_kind" text,
	"time" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_sender" CHECK ("messages"."sender" in ('user', 'ai_model'))
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_message_id_idx" ON "attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "attachments_business_id_idx" ON "attachments" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "chats_business_id_idx" ON "chats" USING btree ("business_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "generations_message_attempt_unique" ON "generations" USING btree ("message_id","attempt");--> statement-breakpoint
CREATE INDEX "generations_running_idx" ON "generations" USING btree ("heartbeat_at") WHERE "generations"."status" = 'running';--> statement-breakpoint
CREATE INDEX "messages_chat_id_idx" ON "messages" USING btree ("chat_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_chat_client_id_unique" ON "messages" USING btree ("chat_id","client_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_reply_to_unique" ON "messages" USING btree ("reply_to");