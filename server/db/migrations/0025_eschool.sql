CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"teacher_id" integer,
	"full_marks" smallint DEFAULT 100 NOT NULL,
	"description" varchar(1000) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_name_uq" UNIQUE("school_id","session_id","name"),
	CONSTRAINT "activities_id_school_uq" UNIQUE("id","school_id"),
	CONSTRAINT "activities_kind_valid" CHECK ("activities"."kind" in ('club', 'sport', 'competition', 'other')),
	CONSTRAINT "activities_full_marks" CHECK ("activities"."full_marks" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "activity_participants" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"enrolment_id" integer NOT NULL,
	"role" varchar(80) DEFAULT '' NOT NULL,
	"marks" numeric(6, 2),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_participants_once_uq" UNIQUE("activity_id","enrolment_id"),
	CONSTRAINT "activity_participants_marks" CHECK ("activity_participants"."marks" is null or "activity_participants"."marks" >= 0)
);
--> statement-breakpoint
CREATE TABLE "online_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"topic" varchar(200) DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" smallint NOT NULL,
	"meeting_url" varchar(500) NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_classes_duration" CHECK ("online_classes"."duration_minutes" between 5 and 300),
	CONSTRAINT "online_classes_https" CHECK ("online_classes"."meeting_url" like 'https://%')
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_session_id_academic_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_teacher_id_school_id_teachers_id_school_id_fk" FOREIGN KEY ("teacher_id","school_id") REFERENCES "public"."teachers"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_participants" ADD CONSTRAINT "activity_participants_activity_id_school_id_activities_id_school_id_fk" FOREIGN KEY ("activity_id","school_id") REFERENCES "public"."activities"("id","school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_participants" ADD CONSTRAINT "activity_participants_enrolment_id_school_id_enrolments_id_school_id_fk" FOREIGN KEY ("enrolment_id","school_id") REFERENCES "public"."enrolments"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_classes" ADD CONSTRAINT "online_classes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_classes" ADD CONSTRAINT "online_classes_session_id_academic_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_classes" ADD CONSTRAINT "online_classes_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_classes" ADD CONSTRAINT "online_classes_section_id_school_id_class_id_sections_id_school_id_class_id_fk" FOREIGN KEY ("section_id","school_id","class_id") REFERENCES "public"."sections"("id","school_id","class_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_classes" ADD CONSTRAINT "online_classes_teacher_id_school_id_teachers_id_school_id_fk" FOREIGN KEY ("teacher_id","school_id") REFERENCES "public"."teachers"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_classes" ADD CONSTRAINT "online_classes_subject_class_fk" FOREIGN KEY ("subject_id","class_id") REFERENCES "public"."subjects"("id","class_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_participants_enrolment_idx" ON "activity_participants" USING btree ("enrolment_id");--> statement-breakpoint
CREATE INDEX "online_classes_section_idx" ON "online_classes" USING btree ("section_id","session_id","starts_at");--> statement-breakpoint
CREATE INDEX "online_classes_teacher_idx" ON "online_classes" USING btree ("teacher_id","starts_at");--> statement-breakpoint
CREATE INDEX "online_classes_school_idx" ON "online_classes" USING btree ("school_id","starts_at");--> statement-breakpoint
-- Grade sheets are cached answers (server/cache/responses.ts) and take the Extra Curriculum 5% from
-- activity marks: a change of a school's activities drops that school's answers, as 0007, 0013 and 0015 do.
CREATE TRIGGER activities_content_ins AFTER INSERT ON activities REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER activities_content_upd AFTER UPDATE ON activities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER activities_content_del AFTER DELETE ON activities REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER activity_participants_content_ins AFTER INSERT ON activity_participants REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER activity_participants_content_upd AFTER UPDATE ON activity_participants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER activity_participants_content_del AFTER DELETE ON activity_participants REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER activities_content_trunc AFTER TRUNCATE ON activities FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER activity_participants_content_trunc AFTER TRUNCATE ON activity_participants FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();
