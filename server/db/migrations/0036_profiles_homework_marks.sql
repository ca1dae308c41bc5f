CREATE TABLE "homework_marks" (
	"submission_id" integer PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"mark" numeric(5, 2) NOT NULL,
	"feedback" varchar(1000) DEFAULT '' NOT NULL,
	"marked_by" integer NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homework_marks_range" CHECK ("homework_marks"."mark" >= 0 and "homework_marks"."mark" <= 100)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "dob" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blood_group" varchar(4) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "photo_sha256" varchar(64);--> statement-breakpoint
ALTER TABLE "homework_marks" ADD CONSTRAINT "homework_marks_submission_id_homework_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."homework_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_marks" ADD CONSTRAINT "homework_marks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_marks" ADD CONSTRAINT "homework_marks_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_photo_idx" ON "users" USING btree ("photo_sha256");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_blood_group_valid" CHECK ("users"."blood_group" in ('', 'A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'));