CREATE TABLE "attendance_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"routine_id" integer NOT NULL,
	"date" date NOT NULL,
	"taking_id" integer,
	"user_id" integer NOT NULL,
	"submission_key" varchar(100),
	"taken_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued" boolean DEFAULT false NOT NULL,
	"outcome" varchar(20) NOT NULL,
	"marks" jsonb NOT NULL,
	CONSTRAINT "attendance_submissions_user_key_uq" UNIQUE("user_id","submission_key")
);
--> statement-breakpoint
ALTER TABLE "attendance_takings" ADD COLUMN "marks_taken_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attendance_takings" ADD COLUMN "admin_saved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_submissions" ADD CONSTRAINT "attendance_submissions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_submissions" ADD CONSTRAINT "attendance_submissions_taking_id_attendance_takings_id_fk" FOREIGN KEY ("taking_id") REFERENCES "public"."attendance_takings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_submissions" ADD CONSTRAINT "attendance_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_submissions_routine_date_idx" ON "attendance_submissions" USING btree ("routine_id","date");