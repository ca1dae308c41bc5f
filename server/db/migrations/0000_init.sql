CREATE TABLE "academic_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_year" varchar(9) NOT NULL,
	CONSTRAINT "academic_sessions_session_year_unique" UNIQUE("session_year")
);
--> statement-breakpoint
CREATE TABLE "attendance_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"mark_id" integer NOT NULL,
	"changed_by_user_id" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"old_status" smallint NOT NULL,
	"new_status" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendance_marks" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"taking_id" integer NOT NULL,
	"enrolment_id" integer NOT NULL,
	"status" smallint NOT NULL,
	CONSTRAINT "attendance_marks_taking_enrolment_uq" UNIQUE("taking_id","enrolment_id"),
	CONSTRAINT "attendance_marks_status_valid" CHECK ("attendance_marks"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "attendance_takings" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"routine_id" integer NOT NULL,
	"date" date NOT NULL,
	"taken_time" time NOT NULL,
	"taken_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_takings_routine_date_uq" UNIQUE("routine_id","date"),
	CONSTRAINT "attendance_takings_id_school_uq" UNIQUE("id","school_id")
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" varchar(300) DEFAULT '' NOT NULL,
	CONSTRAINT "auth_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_type_id" integer NOT NULL,
	"class_name" varchar(40) NOT NULL,
	"class_code" varchar(20) NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "classes_type_name_uq" UNIQUE("school_type_id","class_name")
);
--> statement-breakpoint
CREATE TABLE "days" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" varchar(12) NOT NULL,
	CONSTRAINT "days_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "divisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	CONSTRAINT "divisions_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "enrolments" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"shift_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"group_id" integer,
	"class_roll_no" integer NOT NULL,
	CONSTRAINT "enrolments_student_session_uq" UNIQUE("student_id","session_id"),
	CONSTRAINT "enrolments_roll_uq" UNIQUE("section_id","session_id","class_roll_no"),
	CONSTRAINT "enrolments_id_school_uq" UNIQUE("id","school_id"),
	CONSTRAINT "enrolments_roll_positive" CHECK ("enrolments"."class_roll_no" > 0)
);
--> statement-breakpoint
CREATE TABLE "genders" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(30) NOT NULL,
	CONSTRAINT "genders_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "message_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"enrolment_id" integer NOT NULL,
	"routine_id" integer NOT NULL,
	"date" date NOT NULL,
	"phone" varchar(20) NOT NULL,
	"body" varchar(1000) NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" varchar(500),
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "message_outbox_once_uq" UNIQUE("kind","enrolment_id","routine_id","date"),
	CONSTRAINT "message_outbox_status_valid" CHECK ("message_outbox"."status" in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "notice_reads" (
	"notice_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_reads_notice_id_student_id_pk" PRIMARY KEY("notice_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "notice_recipients" (
	"notice_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	CONSTRAINT "notice_recipients_notice_id_student_id_pk" PRIMARY KEY("notice_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"creator_user_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"session_id" integer NOT NULL,
	"class_id" integer,
	"section_id" integer,
	"headline" varchar(200) NOT NULL,
	"description" varchar(5000) DEFAULT '' NOT NULL,
	"publishing_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notices_id_school_uq" UNIQUE("id","school_id"),
	CONSTRAINT "notices_type_valid" CHECK ("notices"."type" in (1, 2)),
	CONSTRAINT "notices_section_needs_class" CHECK ("notices"."section_id" is null or "notices"."class_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"shift_id" integer NOT NULL,
	"period_code" varchar(20) NOT NULL,
	"serial" smallint NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	CONSTRAINT "periods_code_uq" UNIQUE("school_id","shift_id","period_code"),
	CONSTRAINT "periods_serial_uq" UNIQUE("school_id","shift_id","serial"),
	CONSTRAINT "periods_id_school_uq" UNIQUE("id","school_id"),
	CONSTRAINT "periods_times_ordered" CHECK ("periods"."start_time" < "periods"."end_time")
);
--> statement-breakpoint
CREATE TABLE "routines" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"shift_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"day_id" smallint NOT NULL,
	"period_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"room" varchar(40) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "routines_section_slot_uq" UNIQUE("section_id","session_id","day_id","period_id"),
	CONSTRAINT "routines_teacher_slot_uq" UNIQUE("teacher_id","session_id","day_id","period_id"),
	CONSTRAINT "routines_id_school_uq" UNIQUE("id","school_id")
);
--> statement-breakpoint
CREATE TABLE "school_admins" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"admin_code" varchar(40) NOT NULL,
	CONSTRAINT "school_admins_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "school_admins_code_uq" UNIQUE("school_id","admin_code")
);
--> statement-breakpoint
CREATE TABLE "school_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"code" varchar(30) NOT NULL,
	CONSTRAINT "school_types_name_unique" UNIQUE("name"),
	CONSTRAINT "school_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "schools" (
	"id" serial PRIMARY KEY NOT NULL,
	"eiin" varchar(6) NOT NULL,
	"school_name" varchar(200) NOT NULL,
	"short_name" varchar(40) NOT NULL,
	"school_type_id" integer NOT NULL,
	"division_id" integer,
	"district" varchar(60) DEFAULT '' NOT NULL,
	"upazilla" varchar(60) DEFAULT '' NOT NULL,
	"street" varchar(200) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"email" varchar(120) DEFAULT '' NOT NULL,
	"head_name" varchar(120) DEFAULT '' NOT NULL,
	"head_phone" varchar(20) DEFAULT '' NOT NULL,
	"head_email" varchar(120) DEFAULT '' NOT NULL,
	"time_zone" varchar(60) DEFAULT 'Asia/Dhaka' NOT NULL,
	"weekly_off_days" smallint[] DEFAULT '{6,7}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schools_eiin_unique" UNIQUE("eiin"),
	CONSTRAINT "schools_eiin_digits" CHECK ("schools"."eiin" ~ '^[0-9]{6}$')
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"shift_id" integer NOT NULL,
	"section_default_name" varchar(40) NOT NULL,
	CONSTRAINT "sections_name_uq" UNIQUE("school_id","class_id","shift_id","section_default_name"),
	CONSTRAINT "sections_id_school_class_uq" UNIQUE("id","school_id","class_id")
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(30) NOT NULL,
	CONSTRAINT "shifts_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "student_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	CONSTRAINT "student_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"student_code" varchar(40) NOT NULL,
	"first_name" varchar(80) NOT NULL,
	"middle_name" varchar(80) DEFAULT '' NOT NULL,
	"last_name" varchar(80) DEFAULT '' NOT NULL,
	"mobile_no" varchar(20) DEFAULT '' NOT NULL,
	"email" varchar(120) DEFAULT '' NOT NULL,
	"gender_id" integer,
	"division_id" integer,
	"present_address" varchar(300) DEFAULT '' NOT NULL,
	"permanent_address" varchar(300) DEFAULT '' NOT NULL,
	"father_name" varchar(120) DEFAULT '' NOT NULL,
	"father_phone_number" varchar(20) DEFAULT '' NOT NULL,
	"mother_name" varchar(120) DEFAULT '' NOT NULL,
	"mother_phone_number" varchar(20) DEFAULT '' NOT NULL,
	"dob" date,
	"blood_group" varchar(4) DEFAULT '' NOT NULL,
	"photo_id" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "students_code_uq" UNIQUE("school_id","student_code"),
	CONSTRAINT "students_id_school_uq" UNIQUE("id","school_id")
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"subject_code" varchar(20) NOT NULL,
	"subject_name" varchar(100) NOT NULL,
	"group_id" integer,
	"optional" boolean DEFAULT false NOT NULL,
	CONSTRAINT "subjects_class_code_uq" UNIQUE("class_id","subject_code")
);
--> statement-breakpoint
CREATE TABLE "teachers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"teacher_code" varchar(40) NOT NULL,
	"title" varchar(20) DEFAULT '' NOT NULL,
	"first_name" varchar(80) NOT NULL,
	"middle_name" varchar(80) DEFAULT '' NOT NULL,
	"last_name" varchar(80) DEFAULT '' NOT NULL,
	"initial" varchar(10) NOT NULL,
	"mobile" varchar(20) DEFAULT '' NOT NULL,
	"email" varchar(120) DEFAULT '' NOT NULL,
	"designation" varchar(80) DEFAULT '' NOT NULL,
	"department" varchar(80) DEFAULT '' NOT NULL,
	"mpo_status" varchar(20) DEFAULT '' NOT NULL,
	"index_no" varchar(30) DEFAULT '' NOT NULL,
	"blood_group" varchar(4) DEFAULT '' NOT NULL,
	"dob" date,
	"subject_code" varchar(20) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teachers_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "teachers_code_uq" UNIQUE("school_id","teacher_code"),
	CONSTRAINT "teachers_initial_uq" UNIQUE("school_id","initial"),
	CONSTRAINT "teachers_id_school_uq" UNIQUE("id","school_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_code" varchar(60) NOT NULL,
	"user_type" smallint NOT NULL,
	"email" varchar(120),
	"phone" varchar(20),
	"password_hash" text NOT NULL,
	"status" varchar(12) DEFAULT 'active' NOT NULL,
	"school_id" integer,
	"first_name" varchar(80) DEFAULT '' NOT NULL,
	"last_name" varchar(80) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_id_school_uq" UNIQUE("id","school_id"),
	CONSTRAINT "users_type_valid" CHECK ("users"."user_type" in (1, 2, 4, 5, 6)),
	CONSTRAINT "users_status_valid" CHECK ("users"."status" in ('active', 'disabled')),
	CONSTRAINT "users_school_by_type" CHECK (("users"."user_type" in (1, 2, 4) and "users"."school_id" is not null) or ("users"."user_type" in (5, 6) and "users"."school_id" is null))
);
--> statement-breakpoint
CREATE TABLE "viewer_schools" (
	"user_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	CONSTRAINT "viewer_schools_user_id_school_id_pk" PRIMARY KEY("user_id","school_id")
);
--> statement-breakpoint
ALTER TABLE "attendance_audit" ADD CONSTRAINT "attendance_audit_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_audit" ADD CONSTRAINT "attendance_audit_mark_id_attendance_marks_id_fk" FOREIGN KEY ("mark_id") REFERENCES "public"."attendance_marks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_audit" ADD CONSTRAINT "attendance_audit_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_taking_id_school_id_attendance_takings_id_school_id_fk" FOREIGN KEY ("taking_id","school_id") REFERENCES "public"."attendance_takings"("id","school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_enrolment_id_school_id_enrolments_id_school_id_fk" FOREIGN KEY ("enrolment_id","school_id") REFERENCES "public"."enrolments"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_takings" ADD CONSTRAINT "attendance_takings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_takings" ADD CONSTRAINT "attendance_takings_taken_by_user_id_users_id_fk" FOREIGN KEY ("taken_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_takings" ADD CONSTRAINT "attendance_takings_routine_id_school_id_routines_id_school_id_fk" FOREIGN KEY ("routine_id","school_id") REFERENCES "public"."routines"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_school_type_id_school_types_id_fk" FOREIGN KEY ("school_type_id") REFERENCES "public"."school_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_session_id_academic_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_group_id_student_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."student_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_student_id_school_id_students_id_school_id_fk" FOREIGN KEY ("student_id","school_id") REFERENCES "public"."students"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_section_id_school_id_class_id_sections_id_school_id_class_id_fk" FOREIGN KEY ("section_id","school_id","class_id") REFERENCES "public"."sections"("id","school_id","class_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_enrolment_id_school_id_enrolments_id_school_id_fk" FOREIGN KEY ("enrolment_id","school_id") REFERENCES "public"."enrolments"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_routine_id_school_id_routines_id_school_id_fk" FOREIGN KEY ("routine_id","school_id") REFERENCES "public"."routines"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_recipients" ADD CONSTRAINT "notice_recipients_notice_id_school_id_notices_id_school_id_fk" FOREIGN KEY ("notice_id","school_id") REFERENCES "public"."notices"("id","school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_recipients" ADD CONSTRAINT "notice_recipients_student_id_school_id_students_id_school_id_fk" FOREIGN KEY ("student_id","school_id") REFERENCES "public"."students"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_session_id_academic_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_section_id_school_id_class_id_sections_id_school_id_class_id_fk" FOREIGN KEY ("section_id","school_id","class_id") REFERENCES "public"."sections"("id","school_id","class_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "periods" ADD CONSTRAINT "periods_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "periods" ADD CONSTRAINT "periods_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routines" ADD CONSTRAINT "routines_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routines" ADD CONSTRAINT "routines_session_id_academic_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routines" ADD CONSTRAINT "routines_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routines" ADD CONSTRAINT "routines_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routines" ADD CONSTRAINT "routines_day_id_days_id_fk" FOREIGN KEY ("day_id") REFERENCES "public"."days"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routines" ADD CONSTRAINT "routines_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routines" ADD CONSTRAINT "routines_section_id_school_id_class_id_sections_id_school_id_class_id_fk" FOREIGN KEY ("section_id","school_id","class_id") REFERENCES "public"."sections"("id","school_id","class_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routines" ADD CONSTRAINT "routines_period_id_school_id_periods_id_school_id_fk" FOREIGN KEY ("period_id","school_id") REFERENCES "public"."periods"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routines" ADD CONSTRAINT "routines_teacher_id_school_id_teachers_id_school_id_fk" FOREIGN KEY ("teacher_id","school_id") REFERENCES "public"."teachers"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_admins" ADD CONSTRAINT "school_admins_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_admins" ADD CONSTRAINT "school_admins_user_id_school_id_users_id_school_id_fk" FOREIGN KEY ("user_id","school_id") REFERENCES "public"."users"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_school_type_id_school_types_id_fk" FOREIGN KEY ("school_type_id") REFERENCES "public"."school_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_gender_id_genders_id_fk" FOREIGN KEY ("gender_id") REFERENCES "public"."genders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_user_id_school_id_users_id_school_id_fk" FOREIGN KEY ("user_id","school_id") REFERENCES "public"."users"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_group_id_student_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."student_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_user_id_school_id_users_id_school_id_fk" FOREIGN KEY ("user_id","school_id") REFERENCES "public"."users"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewer_schools" ADD CONSTRAINT "viewer_schools_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewer_schools" ADD CONSTRAINT "viewer_schools_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_audit_mark_idx" ON "attendance_audit" USING btree ("mark_id");--> statement-breakpoint
CREATE INDEX "attendance_marks_enrolment_idx" ON "attendance_marks" USING btree ("enrolment_id");--> statement-breakpoint
CREATE INDEX "attendance_takings_school_date_idx" ON "attendance_takings" USING btree ("school_id","date");--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "enrolments_section_idx" ON "enrolments" USING btree ("section_id","session_id");--> statement-breakpoint
CREATE INDEX "enrolments_school_session_idx" ON "enrolments" USING btree ("school_id","session_id","class_id");--> statement-breakpoint
CREATE INDEX "message_outbox_school_status_idx" ON "message_outbox" USING btree ("school_id","status");--> statement-breakpoint
CREATE INDEX "notice_recipients_student_idx" ON "notice_recipients" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "notices_school_date_idx" ON "notices" USING btree ("school_id","publishing_date");--> statement-breakpoint
CREATE INDEX "notices_creator_idx" ON "notices" USING btree ("creator_user_id");--> statement-breakpoint
CREATE INDEX "routines_teacher_idx" ON "routines" USING btree ("teacher_id","day_id");--> statement-breakpoint
CREATE INDEX "routines_school_day_idx" ON "routines" USING btree ("school_id","day_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_code_uq" ON "users" USING btree (lower("user_code"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_uq" ON "users" USING btree ("phone");