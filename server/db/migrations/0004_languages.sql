ALTER TABLE "schools" ADD COLUMN "language" varchar(2) DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "sms_language" varchar(2) DEFAULT 'bn' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" varchar(2);--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_language_valid" CHECK ("schools"."language" in ('en', 'bn'));--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_sms_language_valid" CHECK ("schools"."sms_language" in ('en', 'bn'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_valid" CHECK ("users"."language" is null or "users"."language" in ('en', 'bn'));