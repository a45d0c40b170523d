ALTER TABLE "users" ADD COLUMN "product_mail" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "researches" ADD COLUMN "period_start" timestamp (6) with time zone;--> statement-breakpoint
ALTER TABLE "researches" ADD COLUMN "mail_state" text;--> statement-breakpoint
ALTER TABLE "researches" ADD COLUMN "mail_at" timestamp (6) with time zone;--> statement-breakpoint
CREATE INDEX "researches_mail_due_idx" ON "researches" USING btree ("mail_state") WHERE "researches"."mail_state" in ('due', 'sending');