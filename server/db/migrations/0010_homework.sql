CREATE TABLE "homework" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"topic" varchar(200) NOT NULL,
	"details" varchar(5000) DEFAULT '' NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"file_sha256" varchar(64),
	"file_name" varchar(200),
	"file_type" varchar(120),
	"file_size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homework_id_school_uq" UNIQUE("id","school_id"),
	CONSTRAINT "homework_dates_ordered" CHECK ("homework"."issue_date" <= "homework"."due_date"),
	CONSTRAINT "homework_file_whole" CHECK (("homework"."file_sha256" is null) = ("homework"."file_name" is null) and ("homework"."file_sha256" is null) = ("homework"."file_type" is null))
);
--> statement-breakpoint
CREATE TABLE "homework_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"homework_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"file_sha256" varchar(64) NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"file_type" varchar(120) NOT NULL,
	"file_size" integer NOT NULL,
	CONSTRAINT "homework_submissions_once_uq" UNIQUE("homework_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_session_id_academic_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_section_id_school_id_class_id_sections_id_school_id_class_id_fk" FOREIGN KEY ("section_id","school_id","class_id") REFERENCES "public"."sections"("id","school_id","class_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_teacher_id_school_id_teachers_id_school_id_fk" FOREIGN KEY ("teacher_id","school_id") REFERENCES "public"."teachers"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_subject_class_fk" FOREIGN KEY ("subject_id","class_id") REFERENCES "public"."subjects"("id","class_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_submissions" ADD CONSTRAINT "homework_submissions_homework_id_school_id_homework_id_school_id_fk" FOREIGN KEY ("homework_id","school_id") REFERENCES "public"."homework"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_submissions" ADD CONSTRAINT "homework_submissions_student_id_school_id_students_id_school_id_fk" FOREIGN KEY ("student_id","school_id") REFERENCES "public"."students"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "homework_teacher_idx" ON "homework" USING btree ("teacher_id","created_at");--> statement-breakpoint
CREATE INDEX "homework_section_idx" ON "homework" USING btree ("section_id","session_id","due_date");--> statement-breakpoint
CREATE INDEX "homework_school_issue_idx" ON "homework" USING btree ("school_id","issue_date");--> statement-breakpoint
CREATE INDEX "homework_submissions_student_idx" ON "homework_submissions" USING btree ("student_id");