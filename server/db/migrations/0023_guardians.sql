CREATE TABLE "guardian_students" (
	"guardian_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"relation" varchar(12) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardian_students_guardian_id_student_id_pk" PRIMARY KEY("guardian_id","student_id"),
	CONSTRAINT "guardian_students_relation_valid" CHECK ("guardian_students"."relation" in ('father', 'mother', 'grandparent', 'sibling', 'other'))
);
--> statement-breakpoint
CREATE TABLE "guardians" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"email" varchar(120) DEFAULT '' NOT NULL,
	"sms_preference" varchar(4) DEFAULT 'sms' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardians_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "guardians_phone_unique" UNIQUE("phone"),
	CONSTRAINT "guardians_sms_valid" CHECK ("guardians"."sms_preference" in ('sms', 'none'))
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_type_valid";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_school_by_type";--> statement-breakpoint
ALTER TABLE "guardian_students" ADD CONSTRAINT "guardian_students_guardian_id_guardians_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_students" ADD CONSTRAINT "guardian_students_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_students" ADD CONSTRAINT "guardian_students_student_id_school_id_students_id_school_id_fk" FOREIGN KEY ("student_id","school_id") REFERENCES "public"."students"("id","school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guardian_students_student_idx" ON "guardian_students" USING btree ("school_id","student_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_type_valid" CHECK ("users"."user_type" in (1, 2, 3, 4, 5, 6));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_school_by_type" CHECK (("users"."user_type" in (1, 2, 4) and "users"."school_id" is not null) or ("users"."user_type" in (3, 5, 6) and "users"."school_id" is null));