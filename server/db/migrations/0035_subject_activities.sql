CREATE TABLE "subject_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"questions" varchar(5000) DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"full_mark" smallint NOT NULL,
	"file_sha256" varchar(64),
	"file_name" varchar(200),
	"file_type" varchar(120),
	"file_size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subject_activities_id_school_uq" UNIQUE("id","school_id"),
	CONSTRAINT "subject_activities_times_ordered" CHECK ("subject_activities"."starts_at" < "subject_activities"."due_at"),
	CONSTRAINT "subject_activities_full_mark" CHECK ("subject_activities"."full_mark" between 1 and 1000),
	CONSTRAINT "subject_activities_file_whole" CHECK (("subject_activities"."file_sha256" is null) = ("subject_activities"."file_name" is null) and ("subject_activities"."file_sha256" is null) = ("subject_activities"."file_type" is null))
);
--> statement-breakpoint
CREATE TABLE "subject_activity_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"answer" varchar(5000) DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"file_sha256" varchar(64),
	"file_name" varchar(200),
	"file_type" varchar(120),
	"file_size" integer,
	"mark" numeric(6, 2),
	"feedback" varchar(1000) DEFAULT '' NOT NULL,
	"marked_at" timestamp with time zone,
	"marked_by" integer,
	CONSTRAINT "subject_activity_submissions_once_uq" UNIQUE("activity_id","student_id"),
	CONSTRAINT "subject_activity_submissions_mark" CHECK ("subject_activity_submissions"."mark" is null or "subject_activity_submissions"."mark" >= 0),
	CONSTRAINT "subject_activity_submissions_marked_whole" CHECK (("subject_activity_submissions"."mark" is null) = ("subject_activity_submissions"."marked_at" is null)),
	CONSTRAINT "subject_activity_submissions_file_whole" CHECK (("subject_activity_submissions"."file_sha256" is null) = ("subject_activity_submissions"."file_name" is null) and ("subject_activity_submissions"."file_sha256" is null) = ("subject_activity_submissions"."file_type" is null)),
	CONSTRAINT "subject_activity_submissions_not_empty" CHECK ("subject_activity_submissions"."file_sha256" is not null or length("subject_activity_submissions"."answer") > 0)
);
--> statement-breakpoint
ALTER TABLE "subject_activities" ADD CONSTRAINT "subject_activities_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_activities" ADD CONSTRAINT "subject_activities_session_id_academic_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_activities" ADD CONSTRAINT "subject_activities_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_activities" ADD CONSTRAINT "subject_activities_section_fk" FOREIGN KEY ("section_id","school_id","class_id") REFERENCES "public"."sections"("id","school_id","class_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_activities" ADD CONSTRAINT "subject_activities_teacher_fk" FOREIGN KEY ("teacher_id","school_id") REFERENCES "public"."teachers"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_activities" ADD CONSTRAINT "subject_activities_subject_class_fk" FOREIGN KEY ("subject_id","class_id") REFERENCES "public"."subjects"("id","class_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_activity_submissions" ADD CONSTRAINT "subject_activity_submissions_activity_fk" FOREIGN KEY ("activity_id","school_id") REFERENCES "public"."subject_activities"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_activity_submissions" ADD CONSTRAINT "subject_activity_submissions_student_fk" FOREIGN KEY ("student_id","school_id") REFERENCES "public"."students"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_activity_submissions" ADD CONSTRAINT "subject_activity_submissions_marker_fk" FOREIGN KEY ("marked_by","school_id") REFERENCES "public"."teachers"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subject_activities_teacher_idx" ON "subject_activities" USING btree ("teacher_id","created_at");--> statement-breakpoint
CREATE INDEX "subject_activities_section_idx" ON "subject_activities" USING btree ("section_id","session_id","due_at");--> statement-breakpoint
CREATE INDEX "subject_activities_file_idx" ON "subject_activities" USING btree ("file_sha256");--> statement-breakpoint
CREATE INDEX "subject_activity_submissions_student_idx" ON "subject_activity_submissions" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "subject_activity_submissions_file_idx" ON "subject_activity_submissions" USING btree ("file_sha256");--> statement-breakpoint
-- Hand-written: the caches (docs/ARCHITECTURE.md, "Caches"). Subject activities' marks are the grade
-- sheet's Extra Curriculum, so both tables are on SECTION_RESULTS_TABLES (server/cache/hot-cache.ts):
-- an activity's change announces its school ('content:subject_activities:<ids>', as migration
-- 0034's tables), an answer's (a submission, a mark) only its activity's sections
-- ('rows:subject_activity_submissions:<school>:<sections>', as exam marks).
CREATE TRIGGER subject_activities_content_ins AFTER INSERT ON subject_activities REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER subject_activities_content_upd AFTER UPDATE ON subject_activities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER subject_activities_content_del AFTER DELETE ON subject_activities REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER subject_activities_content_trunc AFTER TRUNCATE ON subject_activities FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE FUNCTION pathshala_cache_subject_activity_submissions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR r IN SELECT m.school_id, string_agg(DISTINCT a.section_id::text, ',') AS ids
      FROM new_rows m JOIN subject_activities a ON a.id = m.activity_id GROUP BY m.school_id LOOP
      PERFORM pathshala_cache_notify('rows:subject_activity_submissions:' || r.school_id, r.ids);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN SELECT m.school_id, string_agg(DISTINCT a.section_id::text, ',') AS ids
      FROM old_rows m JOIN subject_activities a ON a.id = m.activity_id GROUP BY m.school_id LOOP
      PERFORM pathshala_cache_notify('rows:subject_activity_submissions:' || r.school_id, r.ids);
    END LOOP;
  ELSE
    FOR r IN SELECT m.school_id, string_agg(DISTINCT a.section_id::text, ',') AS ids
      FROM (SELECT school_id, activity_id FROM new_rows UNION SELECT school_id, activity_id FROM old_rows) AS m
      JOIN subject_activities a ON a.id = m.activity_id GROUP BY m.school_id LOOP
      PERFORM pathshala_cache_notify('rows:subject_activity_submissions:' || r.school_id, r.ids);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER subject_activity_submissions_rows_ins AFTER INSERT ON subject_activity_submissions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_subject_activity_submissions();--> statement-breakpoint
CREATE TRIGGER subject_activity_submissions_rows_upd AFTER UPDATE ON subject_activity_submissions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_subject_activity_submissions();--> statement-breakpoint
CREATE TRIGGER subject_activity_submissions_rows_del AFTER DELETE ON subject_activity_submissions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_subject_activity_submissions();--> statement-breakpoint
CREATE TRIGGER subject_activity_submissions_rows_trunc AFTER TRUNCATE ON subject_activity_submissions FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();
