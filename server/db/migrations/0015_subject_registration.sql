ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_id_school_class_uq" UNIQUE("id","school_id","class_id");--> statement-breakpoint
CREATE TABLE "subject_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"enrolment_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"fourth" boolean DEFAULT false NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subject_registrations_once_uq" UNIQUE("enrolment_id","subject_id")
);
--> statement-breakpoint
ALTER TABLE "subject_registrations" ADD CONSTRAINT "subject_registrations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_registrations" ADD CONSTRAINT "subject_registrations_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_registrations" ADD CONSTRAINT "subject_registrations_enrolment_fk" FOREIGN KEY ("enrolment_id","school_id","class_id") REFERENCES "public"."enrolments"("id","school_id","class_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "subject_registrations" ADD CONSTRAINT "subject_registrations_subject_class_fk" FOREIGN KEY ("subject_id","class_id") REFERENCES "public"."subjects"("id","class_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subject_registrations_one_fourth_uq" ON "subject_registrations" USING btree ("enrolment_id") WHERE "subject_registrations"."fourth";--> statement-breakpoint
CREATE INDEX "subject_registrations_school_idx" ON "subject_registrations" USING btree ("school_id","fourth","id");--> statement-breakpoint
-- Grade sheets are cached answers (server/cache/responses.ts) and use the registered 4th subject:
-- a change of a school's registrations drops that school's answers, as migrations 0007 and 0013 do.
CREATE TRIGGER subject_registrations_content_ins AFTER INSERT ON subject_registrations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER subject_registrations_content_upd AFTER UPDATE ON subject_registrations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER subject_registrations_content_del AFTER DELETE ON subject_registrations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER subject_registrations_content_trunc AFTER TRUNCATE ON subject_registrations FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();
