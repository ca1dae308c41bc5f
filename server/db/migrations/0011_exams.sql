CREATE TABLE "exam_mark_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"exam_id" integer NOT NULL,
	"enrolment_id" integer NOT NULL,
	"changed_by_user_id" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"old_mark" numeric(5, 2),
	"old_absent" boolean DEFAULT false NOT NULL,
	"new_mark" numeric(5, 2),
	"new_absent" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_marks" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"exam_id" integer NOT NULL,
	"full_marks" numeric(5, 2) NOT NULL,
	"section_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"enrolment_id" integer NOT NULL,
	"marks_obtained" numeric(5, 2),
	"absent" boolean DEFAULT false NOT NULL,
	"entered_by_user_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_marks_exam_enrolment_uq" UNIQUE("exam_id","enrolment_id"),
	CONSTRAINT "exam_marks_value_valid" CHECK (("exam_marks"."absent" and "exam_marks"."marks_obtained" is null) or (not "exam_marks"."absent" and "exam_marks"."marks_obtained" is not null and "exam_marks"."marks_obtained" >= 0 and "exam_marks"."marks_obtained" <= "exam_marks"."full_marks"))
);
--> statement-breakpoint
CREATE TABLE "exam_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"exam_name" varchar(60) NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "exam_types_name_uq" UNIQUE("school_id","exam_name"),
	CONSTRAINT "exam_types_id_school_uq" UNIQUE("id","school_id"),
	CONSTRAINT "exam_types_kind_valid" CHECK ("exam_types"."kind" in ('class_test', 'half_yearly_sub', 'half_yearly_mcq', 'final_sub', 'final_mcq', 'extra_curricular'))
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"exam_type_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"teacher_id" integer,
	"full_marks" numeric(5, 2) NOT NULL,
	"converted_marks" numeric(5, 2) NOT NULL,
	"exam_date" date,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exams_once_uq" UNIQUE("exam_type_id","subject_id","section_id","session_id"),
	CONSTRAINT "exams_id_school_uq" UNIQUE("id","school_id"),
	CONSTRAINT "exams_mark_key_uq" UNIQUE("id","school_id","full_marks","section_id","session_id"),
	CONSTRAINT "exams_full_marks_positive" CHECK ("exams"."full_marks" > 0),
	CONSTRAINT "exams_converted_marks_bounds" CHECK ("exams"."converted_marks" > 0 and "exams"."converted_marks" <= "exams"."full_marks")
);
--> statement-breakpoint
CREATE TABLE "result_publications" (
	"school_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"locked" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by_user_id" integer,
	"unlocked_at" timestamp with time zone,
	"unlocked_by_user_id" integer,
	CONSTRAINT "result_publications_pk" PRIMARY KEY("school_id","session_id")
);
--> statement-breakpoint
ALTER TABLE "exam_mark_audit" ADD CONSTRAINT "exam_mark_audit_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_mark_audit" ADD CONSTRAINT "exam_mark_audit_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_mark_audit" ADD CONSTRAINT "exam_mark_audit_exam_id_school_id_exams_id_school_id_fk" FOREIGN KEY ("exam_id","school_id") REFERENCES "public"."exams"("id","school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_mark_audit" ADD CONSTRAINT "exam_mark_audit_enrolment_id_school_id_enrolments_id_school_id_fk" FOREIGN KEY ("enrolment_id","school_id") REFERENCES "public"."enrolments"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_marks" ADD CONSTRAINT "exam_marks_entered_by_user_id_users_id_fk" FOREIGN KEY ("entered_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_marks" ADD CONSTRAINT "exam_marks_exam_fk" FOREIGN KEY ("exam_id","school_id","full_marks","section_id","session_id") REFERENCES "public"."exams"("id","school_id","full_marks","section_id","session_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "exam_marks" ADD CONSTRAINT "exam_marks_enrolment_fk" FOREIGN KEY ("enrolment_id","school_id") REFERENCES "public"."enrolments"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_types" ADD CONSTRAINT "exam_types_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_session_id_academic_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_exam_type_id_school_id_exam_types_id_school_id_fk" FOREIGN KEY ("exam_type_id","school_id") REFERENCES "public"."exam_types"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_section_id_school_id_class_id_sections_id_school_id_class_id_fk" FOREIGN KEY ("section_id","school_id","class_id") REFERENCES "public"."sections"("id","school_id","class_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_subject_class_fk" FOREIGN KEY ("subject_id","class_id") REFERENCES "public"."subjects"("id","class_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_teacher_id_school_id_teachers_id_school_id_fk" FOREIGN KEY ("teacher_id","school_id") REFERENCES "public"."teachers"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_publications" ADD CONSTRAINT "result_publications_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_publications" ADD CONSTRAINT "result_publications_session_id_academic_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_publications" ADD CONSTRAINT "result_publications_published_by_user_id_users_id_fk" FOREIGN KEY ("published_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_publications" ADD CONSTRAINT "result_publications_unlocked_by_user_id_users_id_fk" FOREIGN KEY ("unlocked_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_mark_audit_exam_idx" ON "exam_mark_audit" USING btree ("exam_id","changed_at");--> statement-breakpoint
CREATE INDEX "exam_marks_enrolment_idx" ON "exam_marks" USING btree ("enrolment_id");--> statement-breakpoint
CREATE INDEX "exams_school_session_idx" ON "exams" USING btree ("school_id","session_id","class_id");--> statement-breakpoint
CREATE INDEX "exams_section_session_idx" ON "exams" USING btree ("section_id","session_id");