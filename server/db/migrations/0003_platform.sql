CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" varchar(100) NOT NULL,
	"method" varchar(10) NOT NULL,
	"path" varchar(300) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"status_code" smallint,
	"response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(200) NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "notices_creator_idx";--> statement-breakpoint
ALTER TABLE "attendance_takings" ADD COLUMN "corrected_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "attendance_takings" ADD COLUMN "corrected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "edited_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "attendance_edit_days" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "login_failures_key_idx" ON "login_failures" USING btree ("key","failed_at");--> statement-breakpoint
ALTER TABLE "attendance_takings" ADD CONSTRAINT "attendance_takings_corrected_by_user_id_users_id_fk" FOREIGN KEY ("corrected_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_edited_by_user_id_users_id_fk" FOREIGN KEY ("edited_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notices_creator_idx" ON "notices" USING btree ("creator_user_id","created_at");--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_attendance_edit_days_range" CHECK ("schools"."attendance_edit_days" between 0 and 366);