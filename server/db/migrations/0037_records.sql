CREATE TABLE "certificate_counters" (
	"school_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"last_no" integer NOT NULL,
	CONSTRAINT "certificate_counters_school_id_kind_pk" PRIMARY KEY("school_id","kind")
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"serial_no" integer NOT NULL,
	"issued_on" date NOT NULL,
	"issued_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificates_student_kind_uq" UNIQUE("student_id","kind"),
	CONSTRAINT "certificates_serial_uq" UNIQUE("school_id","kind","serial_no"),
	CONSTRAINT "certificates_kind_valid" CHECK ("certificates"."kind" in ('tc', 'testimonial')),
	CONSTRAINT "certificates_serial_positive" CHECK ("certificates"."serial_no" > 0)
);
--> statement-breakpoint
CREATE TABLE "enrolment_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"enrolment_id" integer NOT NULL,
	"effective_on" date NOT NULL,
	"from_class_id" integer NOT NULL,
	"from_section_id" integer NOT NULL,
	"from_roll_no" integer NOT NULL,
	"to_class_id" integer NOT NULL,
	"to_section_id" integer NOT NULL,
	"to_roll_no" integer NOT NULL,
	"actor_user_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "left_on" date;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "left_reason" varchar(12);--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "left_note" varchar(300) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "teachers" ADD COLUMN "left_on" date;--> statement-breakpoint
ALTER TABLE "teachers" ADD COLUMN "left_reason" varchar(12);--> statement-breakpoint
ALTER TABLE "teachers" ADD COLUMN "left_note" varchar(300) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificate_counters" ADD CONSTRAINT "certificate_counters_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_student_fk" FOREIGN KEY ("student_id","school_id") REFERENCES "public"."students"("id","school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_changes" ADD CONSTRAINT "enrolment_changes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_changes" ADD CONSTRAINT "enrolment_changes_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_changes" ADD CONSTRAINT "enrolment_changes_enrolment_fk" FOREIGN KEY ("enrolment_id","school_id") REFERENCES "public"."enrolments"("id","school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrolment_changes_enrolment_idx" ON "enrolment_changes" USING btree ("enrolment_id","effective_on");--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_left_valid" CHECK (("students"."left_on" is null and "students"."left_reason" is null) or ("students"."left_on" is not null and "students"."left_reason" in ('transfer', 'dropout', 'completed', 'other')));--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_left_valid" CHECK (("teachers"."left_on" is null and "teachers"."left_reason" is null) or ("teachers"."left_on" is not null and "teachers"."left_reason" in ('transfer', 'dropout', 'completed', 'other')));