CREATE TABLE "leave_requests" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"leave_type" varchar(8) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"days" smallint NOT NULL,
	"reason" varchar(500) NOT NULL,
	"status" varchar(8) DEFAULT 'pending' NOT NULL,
	"decision_note" varchar(500) DEFAULT '' NOT NULL,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_requests_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "leave_requests_type_valid" CHECK ("leave_requests"."leave_type" in ('casual', 'sick', 'earned', 'other')),
	CONSTRAINT "leave_requests_status_valid" CHECK ("leave_requests"."status" in ('pending', 'approved', 'refused')),
	CONSTRAINT "leave_requests_dates_ordered" CHECK ("leave_requests"."start_date" <= "leave_requests"."end_date")
);
--> statement-breakpoint
CREATE TABLE "staff_attendance" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"date" date NOT NULL,
	"status" varchar(8) NOT NULL,
	"check_in_at" timestamp with time zone,
	"check_out_at" timestamp with time zone,
	"marked_by_user_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_attendance_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "staff_attendance_teacher_date_uq" UNIQUE("school_id","teacher_id","date"),
	CONSTRAINT "staff_attendance_status_valid" CHECK ("staff_attendance"."status" in ('present', 'late', 'absent'))
);
--> statement-breakpoint
CREATE TABLE "staff_notice_recipients" (
	"notice_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	CONSTRAINT "staff_notice_recipients_school_id_notice_id_teacher_id_pk" PRIMARY KEY("school_id","notice_id","teacher_id")
);
--> statement-breakpoint
CREATE TABLE "staff_notices" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"creator_user_id" integer NOT NULL,
	"headline" varchar(200) NOT NULL,
	"description" varchar(5000) DEFAULT '' NOT NULL,
	"all_teachers" boolean NOT NULL,
	"publishing_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_notices_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "staff_notices_id_school_uq" UNIQUE("id","school_id")
);
--> statement-breakpoint
CREATE TABLE "staff_settings" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"check_in_from" time DEFAULT '07:00:00' NOT NULL,
	"late_after" time DEFAULT '08:15:00' NOT NULL,
	"check_out_until" time DEFAULT '17:00:00' NOT NULL,
	"casual_days" smallint DEFAULT 10 NOT NULL,
	"sick_days" smallint DEFAULT 14 NOT NULL,
	"earned_days" smallint DEFAULT 20 NOT NULL,
	"other_days" smallint DEFAULT 5 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_settings_window_ordered" CHECK ("staff_settings"."check_in_from" <= "staff_settings"."late_after" and "staff_settings"."late_after" < "staff_settings"."check_out_until"),
	CONSTRAINT "staff_settings_allowances_range" CHECK ("staff_settings"."casual_days" between 0 and 366 and "staff_settings"."sick_days" between 0 and 366 and "staff_settings"."earned_days" between 0 and 366 and "staff_settings"."other_days" between 0 and 366)
);
--> statement-breakpoint
CREATE TABLE "substitutions" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"routine_id" integer NOT NULL,
	"date" date NOT NULL,
	"teacher_id" integer NOT NULL,
	"assigned_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "substitutions_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "substitutions_routine_date_uq" UNIQUE("school_id","routine_id","date")
);
--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_teacher_fk" FOREIGN KEY ("teacher_id","school_id") REFERENCES "public"."teachers"("id","school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_attendance" ADD CONSTRAINT "staff_attendance_marked_by_user_id_users_id_fk" FOREIGN KEY ("marked_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_attendance" ADD CONSTRAINT "staff_attendance_teacher_fk" FOREIGN KEY ("teacher_id","school_id") REFERENCES "public"."teachers"("id","school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notice_recipients" ADD CONSTRAINT "staff_notice_recipients_notice_fk" FOREIGN KEY ("notice_id","school_id") REFERENCES "public"."staff_notices"("id","school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notice_recipients" ADD CONSTRAINT "staff_notice_recipients_teacher_fk" FOREIGN KEY ("teacher_id","school_id") REFERENCES "public"."teachers"("id","school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notices" ADD CONSTRAINT "staff_notices_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notices" ADD CONSTRAINT "staff_notices_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_settings" ADD CONSTRAINT "staff_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitutions" ADD CONSTRAINT "substitutions_assigned_by_user_id_users_id_fk" FOREIGN KEY ("assigned_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitutions" ADD CONSTRAINT "substitutions_routine_fk" FOREIGN KEY ("routine_id","school_id") REFERENCES "public"."routines"("id","school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitutions" ADD CONSTRAINT "substitutions_teacher_fk" FOREIGN KEY ("teacher_id","school_id") REFERENCES "public"."teachers"("id","school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leave_requests_school_status_idx" ON "leave_requests" USING btree ("school_id","status");--> statement-breakpoint
CREATE INDEX "leave_requests_teacher_idx" ON "leave_requests" USING btree ("teacher_id","start_date");--> statement-breakpoint
CREATE INDEX "staff_attendance_school_date_idx" ON "staff_attendance" USING btree ("school_id","date");--> statement-breakpoint
CREATE INDEX "staff_notice_recipients_teacher_idx" ON "staff_notice_recipients" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "staff_notices_school_date_idx" ON "staff_notices" USING btree ("school_id","publishing_date");--> statement-breakpoint
CREATE INDEX "substitutions_teacher_date_idx" ON "substitutions" USING btree ("teacher_id","date");--> statement-breakpoint
CREATE INDEX "substitutions_school_date_idx" ON "substitutions" USING btree ("school_id","date");--> statement-breakpoint
-- The answer cache hears of every change to the staff-day tables (docs/ARCHITECTURE.md, "Caches").
CREATE TRIGGER staff_settings_content_ins AFTER INSERT ON staff_settings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER staff_settings_content_upd AFTER UPDATE ON staff_settings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER staff_settings_content_del AFTER DELETE ON staff_settings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER staff_settings_content_trunc AFTER TRUNCATE ON staff_settings FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER staff_attendance_content_ins AFTER INSERT ON staff_attendance REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER staff_attendance_content_upd AFTER UPDATE ON staff_attendance REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER staff_attendance_content_del AFTER DELETE ON staff_attendance REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER staff_attendance_content_trunc AFTER TRUNCATE ON staff_attendance FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER leave_requests_content_ins AFTER INSERT ON leave_requests REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER leave_requests_content_upd AFTER UPDATE ON leave_requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER leave_requests_content_del AFTER DELETE ON leave_requests REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER leave_requests_content_trunc AFTER TRUNCATE ON leave_requests FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER substitutions_content_ins AFTER INSERT ON substitutions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER substitutions_content_upd AFTER UPDATE ON substitutions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER substitutions_content_del AFTER DELETE ON substitutions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER substitutions_content_trunc AFTER TRUNCATE ON substitutions FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER staff_notices_content_ins AFTER INSERT ON staff_notices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER staff_notices_content_upd AFTER UPDATE ON staff_notices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER staff_notices_content_del AFTER DELETE ON staff_notices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER staff_notices_content_trunc AFTER TRUNCATE ON staff_notices FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER staff_notice_recipients_content_ins AFTER INSERT ON staff_notice_recipients REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER staff_notice_recipients_content_upd AFTER UPDATE ON staff_notice_recipients REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER staff_notice_recipients_content_del AFTER DELETE ON staff_notice_recipients REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER staff_notice_recipients_content_trunc AFTER TRUNCATE ON staff_notice_recipients FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();
