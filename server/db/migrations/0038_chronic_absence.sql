CREATE TABLE "chronic_absence_episodes" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"enrolment_id" integer NOT NULL,
	"started_on" date NOT NULL,
	"ended_on" date,
	"message_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chronic_absence_episodes_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "chronic_absence_settings" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"threshold_percent" smallint DEFAULT 75 NOT NULL,
	"window_days" smallint DEFAULT 30 NOT NULL,
	"consecutive_days" smallint DEFAULT 3 NOT NULL,
	CONSTRAINT "chronic_absence_threshold_range" CHECK ("chronic_absence_settings"."threshold_percent" between 1 and 100),
	CONSTRAINT "chronic_absence_window_range" CHECK ("chronic_absence_settings"."window_days" between 1 and 200),
	CONSTRAINT "chronic_absence_consecutive_range" CHECK ("chronic_absence_settings"."consecutive_days" between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "chronic_absence_episodes" ADD CONSTRAINT "chronic_absence_episodes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chronic_absence_episodes" ADD CONSTRAINT "chronic_absence_episodes_message_id_message_outbox_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."message_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chronic_absence_episodes" ADD CONSTRAINT "chronic_absence_episodes_enrolment_id_school_id_enrolments_id_school_id_fk" FOREIGN KEY ("enrolment_id","school_id") REFERENCES "public"."enrolments"("id","school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chronic_absence_settings" ADD CONSTRAINT "chronic_absence_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chronic_absence_one_open_uq" ON "chronic_absence_episodes" USING btree ("school_id","enrolment_id") WHERE "chronic_absence_episodes"."ended_on" is null;--> statement-breakpoint
CREATE INDEX "chronic_absence_school_idx" ON "chronic_absence_episodes" USING btree ("school_id","ended_on");