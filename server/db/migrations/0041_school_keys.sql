-- The key migration (docs/SCALING.md, "Ready for Citus"): every school-owned table has school_id in
-- its primary key and in each unique constraint and unique index, so that each can be distributed
-- by school. Only users and security_audit stay as they are (their school_id may be null).
-- Drizzle cannot order this itself: a key cannot be dropped while foreign keys use its index, so
-- those foreign keys are dropped first and added again, the same, on the new keys at the end.
-- 1. notice_reads carries its notice's school (the notice and the student are of one school).
ALTER TABLE "notice_reads" ADD COLUMN "school_id" integer;--> statement-breakpoint
UPDATE "notice_reads" AS r SET "school_id" = n."school_id" FROM "notices" AS n WHERE n."id" = r."notice_id";--> statement-breakpoint
-- A read of another school's notice was never possible (the student could not see it); none is kept.
DELETE FROM "notice_reads" AS r USING "students" AS s WHERE s."id" = r."student_id" AND s."school_id" <> r."school_id";--> statement-breakpoint
ALTER TABLE "notice_reads" ALTER COLUMN "school_id" SET NOT NULL;--> statement-breakpoint
-- 2. The foreign keys on the keys that change: those that change (drizzle) and those that come back as they were (step 6).
ALTER TABLE "attendance_audit" DROP CONSTRAINT "attendance_audit_mark_id_attendance_marks_id_fk";--> statement-breakpoint
ALTER TABLE "attendance_section_days" DROP CONSTRAINT "attendance_section_days_section_id_sections_id_fk";--> statement-breakpoint
ALTER TABLE "attendance_submissions" DROP CONSTRAINT "attendance_submissions_taking_id_attendance_takings_id_fk";--> statement-breakpoint
ALTER TABLE "chronic_absence_episodes" DROP CONSTRAINT "chronic_absence_episodes_message_id_message_outbox_id_fk";--> statement-breakpoint
ALTER TABLE "enrolments" DROP CONSTRAINT "enrolments_section_shift_fk";--> statement-breakpoint
ALTER TABLE "fees" DROP CONSTRAINT "fees_section_id_sections_id_fk";--> statement-breakpoint
ALTER TABLE "homework_marks" DROP CONSTRAINT "homework_marks_submission_id_homework_submissions_id_fk";--> statement-breakpoint
ALTER TABLE "notice_reads" DROP CONSTRAINT "notice_reads_notice_id_notices_id_fk";--> statement-breakpoint
ALTER TABLE "notice_reads" DROP CONSTRAINT "notice_reads_student_id_students_id_fk";--> statement-breakpoint
ALTER TABLE "routines" DROP CONSTRAINT "routines_section_shift_fk";--> statement-breakpoint
ALTER TABLE "routines" DROP CONSTRAINT "routines_period_shift_fk";--> statement-breakpoint
ALTER TABLE "activity_participants" DROP CONSTRAINT "activity_participants_activity_id_school_id_activities_id_schoo";--> statement-breakpoint
ALTER TABLE "activity_participants" DROP CONSTRAINT "activity_participants_enrolment_id_school_id_enrolments_id_scho";--> statement-breakpoint
ALTER TABLE "attendance_marks" DROP CONSTRAINT "attendance_marks_enrolment_id_school_id_enrolments_id_school_id";--> statement-breakpoint
ALTER TABLE "chronic_absence_episodes" DROP CONSTRAINT "chronic_absence_episodes_enrolment_id_school_id_enrolments_id_s";--> statement-breakpoint
ALTER TABLE "enrolment_changes" DROP CONSTRAINT "enrolment_changes_enrolment_fk";--> statement-breakpoint
ALTER TABLE "exam_mark_audit" DROP CONSTRAINT "exam_mark_audit_enrolment_id_school_id_enrolments_id_school_id_";--> statement-breakpoint
ALTER TABLE "exam_marks" DROP CONSTRAINT "exam_marks_enrolment_fk";--> statement-breakpoint
ALTER TABLE "message_outbox" DROP CONSTRAINT "message_outbox_enrolment_id_school_id_enrolments_id_school_id_f";--> statement-breakpoint
ALTER TABLE "exams" DROP CONSTRAINT "exams_exam_type_id_school_id_exam_types_id_school_id_fk";--> statement-breakpoint
ALTER TABLE "exam_mark_audit" DROP CONSTRAINT "exam_mark_audit_exam_id_school_id_exams_id_school_id_fk";--> statement-breakpoint
ALTER TABLE "fees" DROP CONSTRAINT "fees_sector_id_school_id_fee_sectors_id_school_id_fk";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_fee_id_school_id_fees_id_school_id_fk";--> statement-breakpoint
ALTER TABLE "homework_submissions" DROP CONSTRAINT "homework_submissions_homework_id_school_id_homework_id_school_i";--> statement-breakpoint
ALTER TABLE "invoice_waivers" DROP CONSTRAINT "invoice_waivers_invoice_id_school_id_invoices_id_school_id_fk";--> statement-breakpoint
ALTER TABLE "payment_allocations" DROP CONSTRAINT "payment_allocations_invoice_id_school_id_invoices_id_school_id_";--> statement-breakpoint
ALTER TABLE "library_loans" DROP CONSTRAINT "library_loans_book_fk";--> statement-breakpoint
ALTER TABLE "notice_recipients" DROP CONSTRAINT "notice_recipients_notice_id_school_id_notices_id_school_id_fk";--> statement-breakpoint
ALTER TABLE "online_payments" DROP CONSTRAINT "online_payments_payment_id_school_id_payments_id_school_id_fk";--> statement-breakpoint
ALTER TABLE "payment_allocations" DROP CONSTRAINT "payment_allocations_payment_id_school_id_payments_id_school_id_";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_reverses_fk";--> statement-breakpoint
ALTER TABLE "routines" DROP CONSTRAINT "routines_period_id_school_id_periods_id_school_id_fk";--> statement-breakpoint
ALTER TABLE "attendance_takings" DROP CONSTRAINT "attendance_takings_routine_id_school_id_routines_id_school_id_f";--> statement-breakpoint
ALTER TABLE "message_outbox" DROP CONSTRAINT "message_outbox_routine_id_school_id_routines_id_school_id_fk";--> statement-breakpoint
ALTER TABLE "substitutions" DROP CONSTRAINT "substitutions_routine_fk";--> statement-breakpoint
ALTER TABLE "certificates" DROP CONSTRAINT "certificates_student_fk";--> statement-breakpoint
ALTER TABLE "enrolments" DROP CONSTRAINT "enrolments_student_id_school_id_students_id_school_id_fk";--> statement-breakpoint
ALTER TABLE "guardian_students" DROP CONSTRAINT "guardian_students_student_id_school_id_students_id_school_id_fk";--> statement-breakpoint
ALTER TABLE "homework_submissions" DROP CONSTRAINT "homework_submissions_student_id_school_id_students_id_school_id";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_student_id_school_id_students_id_school_id_fk";--> statement-breakpoint
ALTER TABLE "library_loans" DROP CONSTRAINT "library_loans_student_fk";--> statement-breakpoint
ALTER TABLE "notice_recipients" DROP CONSTRAINT "notice_recipients_student_id_school_id_students_id_school_id_fk";--> statement-breakpoint
ALTER TABLE "online_payments" DROP CONSTRAINT "online_payments_student_id_school_id_students_id_school_id_fk";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_student_id_school_id_students_id_school_id_fk";--> statement-breakpoint
ALTER TABLE "subject_activity_submissions" DROP CONSTRAINT "subject_activity_submissions_student_fk";--> statement-breakpoint
ALTER TABLE "subject_activity_submissions" DROP CONSTRAINT "subject_activity_submissions_activity_fk";--> statement-breakpoint
ALTER TABLE "activities" DROP CONSTRAINT "activities_teacher_id_school_id_teachers_id_school_id_fk";--> statement-breakpoint
ALTER TABLE "exams" DROP CONSTRAINT "exams_teacher_id_school_id_teachers_id_school_id_fk";--> statement-breakpoint
ALTER TABLE "homework" DROP CONSTRAINT "homework_teacher_id_school_id_teachers_id_school_id_fk";--> statement-breakpoint
ALTER TABLE "leave_requests" DROP CONSTRAINT "leave_requests_teacher_fk";--> statement-breakpoint
ALTER TABLE "online_classes" DROP CONSTRAINT "online_classes_teacher_id_school_id_teachers_id_school_id_fk";--> statement-breakpoint
ALTER TABLE "routines" DROP CONSTRAINT "routines_teacher_id_school_id_teachers_id_school_id_fk";--> statement-breakpoint
ALTER TABLE "staff_attendance" DROP CONSTRAINT "staff_attendance_teacher_fk";--> statement-breakpoint
ALTER TABLE "staff_notice_recipients" DROP CONSTRAINT "staff_notice_recipients_teacher_fk";--> statement-breakpoint
ALTER TABLE "subject_activities" DROP CONSTRAINT "subject_activities_teacher_fk";--> statement-breakpoint
ALTER TABLE "subject_activity_submissions" DROP CONSTRAINT "subject_activity_submissions_marker_fk";--> statement-breakpoint
ALTER TABLE "substitutions" DROP CONSTRAINT "substitutions_teacher_fk";--> statement-breakpoint
-- 3. The old keys: unique constraints and indexes without school_id, the id-only primary keys, and the (id, school_id) uniques the new primary keys replace.
ALTER TABLE "activities" DROP CONSTRAINT "activities_id_school_uq";--> statement-breakpoint
ALTER TABLE "activity_participants" DROP CONSTRAINT "activity_participants_once_uq";--> statement-breakpoint
ALTER TABLE "attendance_marks" DROP CONSTRAINT "attendance_marks_taking_enrolment_uq";--> statement-breakpoint
ALTER TABLE "attendance_submissions" DROP CONSTRAINT "attendance_submissions_user_key_uq";--> statement-breakpoint
ALTER TABLE "attendance_takings" DROP CONSTRAINT "attendance_takings_id_school_uq";--> statement-breakpoint
ALTER TABLE "attendance_takings" DROP CONSTRAINT "attendance_takings_routine_date_uq";--> statement-breakpoint
ALTER TABLE "certificates" DROP CONSTRAINT "certificates_student_kind_uq";--> statement-breakpoint
ALTER TABLE "enrolments" DROP CONSTRAINT "enrolments_id_school_uq";--> statement-breakpoint
ALTER TABLE "enrolments" DROP CONSTRAINT "enrolments_student_session_uq";--> statement-breakpoint
ALTER TABLE "enrolments" DROP CONSTRAINT "enrolments_roll_uq";--> statement-breakpoint
ALTER TABLE "exam_marks" DROP CONSTRAINT "exam_marks_exam_enrolment_uq";--> statement-breakpoint
ALTER TABLE "exam_types" DROP CONSTRAINT "exam_types_id_school_uq";--> statement-breakpoint
ALTER TABLE "exams" DROP CONSTRAINT "exams_id_school_uq";--> statement-breakpoint
ALTER TABLE "exams" DROP CONSTRAINT "exams_once_uq";--> statement-breakpoint
ALTER TABLE "fee_sectors" DROP CONSTRAINT "fee_sectors_id_school_uq";--> statement-breakpoint
ALTER TABLE "fees" DROP CONSTRAINT "fees_id_school_uq";--> statement-breakpoint
ALTER TABLE "homework" DROP CONSTRAINT "homework_id_school_uq";--> statement-breakpoint
ALTER TABLE "homework_submissions" DROP CONSTRAINT "homework_submissions_once_uq";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_id_school_uq";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_fee_student_kind_uq";--> statement-breakpoint
ALTER TABLE "library_books" DROP CONSTRAINT "library_books_id_school_uq";--> statement-breakpoint
ALTER TABLE "message_outbox" DROP CONSTRAINT "message_outbox_once_uq";--> statement-breakpoint
ALTER TABLE "notices" DROP CONSTRAINT "notices_id_school_uq";--> statement-breakpoint
ALTER TABLE "online_payments" DROP CONSTRAINT "online_payments_token_uq";--> statement-breakpoint
ALTER TABLE "online_payments" DROP CONSTRAINT "online_payments_provider_txn_uq";--> statement-breakpoint
ALTER TABLE "online_payments" DROP CONSTRAINT "online_payments_payment_uq";--> statement-breakpoint
ALTER TABLE "payment_allocations" DROP CONSTRAINT "payment_allocations_once_uq";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_id_school_uq";--> statement-breakpoint
ALTER TABLE "periods" DROP CONSTRAINT "periods_id_school_uq";--> statement-breakpoint
ALTER TABLE "periods" DROP CONSTRAINT "periods_id_shift_uq";--> statement-breakpoint
ALTER TABLE "routines" DROP CONSTRAINT "routines_id_school_uq";--> statement-breakpoint
ALTER TABLE "routines" DROP CONSTRAINT "routines_section_slot_uq";--> statement-breakpoint
ALTER TABLE "routines" DROP CONSTRAINT "routines_teacher_slot_uq";--> statement-breakpoint
ALTER TABLE "school_admins" DROP CONSTRAINT "school_admins_user_id_unique";--> statement-breakpoint
ALTER TABLE "sections" DROP CONSTRAINT "sections_id_shift_uq";--> statement-breakpoint
ALTER TABLE "students" DROP CONSTRAINT "students_user_id_unique";--> statement-breakpoint
ALTER TABLE "students" DROP CONSTRAINT "students_id_school_uq";--> statement-breakpoint
ALTER TABLE "subject_activities" DROP CONSTRAINT "subject_activities_id_school_uq";--> statement-breakpoint
ALTER TABLE "subject_activity_submissions" DROP CONSTRAINT "subject_activity_submissions_once_uq";--> statement-breakpoint
ALTER TABLE "subject_registrations" DROP CONSTRAINT "subject_registrations_once_uq";--> statement-breakpoint
ALTER TABLE "teachers" DROP CONSTRAINT "teachers_user_id_unique";--> statement-breakpoint
ALTER TABLE "teachers" DROP CONSTRAINT "teachers_id_school_uq";--> statement-breakpoint
DROP INDEX "library_loans_one_open_uq";--> statement-breakpoint
DROP INDEX "message_outbox_provider_id_uq";--> statement-breakpoint
DROP INDEX "subject_registrations_one_fourth_uq";--> statement-breakpoint
ALTER TABLE "guardian_students" DROP CONSTRAINT "guardian_students_guardian_id_student_id_pk";--> statement-breakpoint
ALTER TABLE "notice_reads" DROP CONSTRAINT "notice_reads_notice_id_student_id_pk";--> statement-breakpoint
ALTER TABLE "notice_recipients" DROP CONSTRAINT "notice_recipients_notice_id_student_id_pk";--> statement-breakpoint
ALTER TABLE "activities" DROP CONSTRAINT "activities_pkey";--> statement-breakpoint
ALTER TABLE "activity_participants" DROP CONSTRAINT "activity_participants_pkey";--> statement-breakpoint
ALTER TABLE "attendance_audit" DROP CONSTRAINT "attendance_audit_pkey";--> statement-breakpoint
ALTER TABLE "attendance_marks" DROP CONSTRAINT "attendance_marks_pkey";--> statement-breakpoint
ALTER TABLE "attendance_submissions" DROP CONSTRAINT "attendance_submissions_pkey";--> statement-breakpoint
ALTER TABLE "attendance_takings" DROP CONSTRAINT "attendance_takings_pkey";--> statement-breakpoint
ALTER TABLE "calendar_entries" DROP CONSTRAINT "calendar_entries_pkey";--> statement-breakpoint
ALTER TABLE "certificates" DROP CONSTRAINT "certificates_pkey";--> statement-breakpoint
ALTER TABLE "ebooks" DROP CONSTRAINT "ebooks_pkey";--> statement-breakpoint
ALTER TABLE "enrolment_changes" DROP CONSTRAINT "enrolment_changes_pkey";--> statement-breakpoint
ALTER TABLE "enrolments" DROP CONSTRAINT "enrolments_pkey";--> statement-breakpoint
ALTER TABLE "exam_mark_audit" DROP CONSTRAINT "exam_mark_audit_pkey";--> statement-breakpoint
ALTER TABLE "exam_marks" DROP CONSTRAINT "exam_marks_pkey";--> statement-breakpoint
ALTER TABLE "exam_types" DROP CONSTRAINT "exam_types_pkey";--> statement-breakpoint
ALTER TABLE "exams" DROP CONSTRAINT "exams_pkey";--> statement-breakpoint
ALTER TABLE "fee_sectors" DROP CONSTRAINT "fee_sectors_pkey";--> statement-breakpoint
ALTER TABLE "fees" DROP CONSTRAINT "fees_pkey";--> statement-breakpoint
ALTER TABLE "homework" DROP CONSTRAINT "homework_pkey";--> statement-breakpoint
ALTER TABLE "homework_marks" DROP CONSTRAINT "homework_marks_pkey";--> statement-breakpoint
ALTER TABLE "homework_submissions" DROP CONSTRAINT "homework_submissions_pkey";--> statement-breakpoint
ALTER TABLE "important_links" DROP CONSTRAINT "important_links_pkey";--> statement-breakpoint
ALTER TABLE "invoice_waivers" DROP CONSTRAINT "invoice_waivers_pkey";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_pkey";--> statement-breakpoint
ALTER TABLE "library_books" DROP CONSTRAINT "library_books_pkey";--> statement-breakpoint
ALTER TABLE "library_loans" DROP CONSTRAINT "library_loans_pkey";--> statement-breakpoint
ALTER TABLE "message_outbox" DROP CONSTRAINT "message_outbox_pkey";--> statement-breakpoint
ALTER TABLE "notices" DROP CONSTRAINT "notices_pkey";--> statement-breakpoint
ALTER TABLE "online_classes" DROP CONSTRAINT "online_classes_pkey";--> statement-breakpoint
ALTER TABLE "online_payments" DROP CONSTRAINT "online_payments_pkey";--> statement-breakpoint
ALTER TABLE "payment_allocations" DROP CONSTRAINT "payment_allocations_pkey";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_pkey";--> statement-breakpoint
ALTER TABLE "periods" DROP CONSTRAINT "periods_pkey";--> statement-breakpoint
ALTER TABLE "routines" DROP CONSTRAINT "routines_pkey";--> statement-breakpoint
ALTER TABLE "school_admins" DROP CONSTRAINT "school_admins_pkey";--> statement-breakpoint
ALTER TABLE "sections" DROP CONSTRAINT "sections_pkey";--> statement-breakpoint
ALTER TABLE "students" DROP CONSTRAINT "students_pkey";--> statement-breakpoint
ALTER TABLE "subject_activities" DROP CONSTRAINT "subject_activities_pkey";--> statement-breakpoint
ALTER TABLE "subject_activity_submissions" DROP CONSTRAINT "subject_activity_submissions_pkey";--> statement-breakpoint
ALTER TABLE "subject_registrations" DROP CONSTRAINT "subject_registrations_pkey";--> statement-breakpoint
ALTER TABLE "teachers" DROP CONSTRAINT "teachers_pkey";--> statement-breakpoint
ALTER TABLE "attendance_section_days" DROP CONSTRAINT "attendance_section_days_pk";--> statement-breakpoint
-- 4. The new primary keys: (id, school_id), id first, so a lookup by id still uses the key.
ALTER TABLE "activities" ADD CONSTRAINT "activities_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "activity_participants" ADD CONSTRAINT "activity_participants_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "attendance_audit" ADD CONSTRAINT "attendance_audit_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "attendance_submissions" ADD CONSTRAINT "attendance_submissions_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "attendance_takings" ADD CONSTRAINT "attendance_takings_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "calendar_entries" ADD CONSTRAINT "calendar_entries_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "ebooks" ADD CONSTRAINT "ebooks_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "enrolment_changes" ADD CONSTRAINT "enrolment_changes_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "exam_mark_audit" ADD CONSTRAINT "exam_mark_audit_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "exam_marks" ADD CONSTRAINT "exam_marks_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "exam_types" ADD CONSTRAINT "exam_types_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "fee_sectors" ADD CONSTRAINT "fee_sectors_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "guardian_students" ADD CONSTRAINT "guardian_students_guardian_id_student_id_school_id_pk" PRIMARY KEY("guardian_id","student_id","school_id");--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "homework_marks" ADD CONSTRAINT "homework_marks_pkey" PRIMARY KEY("submission_id","school_id");--> statement-breakpoint
ALTER TABLE "homework_submissions" ADD CONSTRAINT "homework_submissions_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "important_links" ADD CONSTRAINT "important_links_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "invoice_waivers" ADD CONSTRAINT "invoice_waivers_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "library_books" ADD CONSTRAINT "library_books_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "library_loans" ADD CONSTRAINT "library_loans_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_notice_id_student_id_school_id_pk" PRIMARY KEY("notice_id","student_id","school_id");--> statement-breakpoint
ALTER TABLE "notice_recipients" ADD CONSTRAINT "notice_recipients_notice_id_student_id_school_id_pk" PRIMARY KEY("notice_id","student_id","school_id");--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "online_classes" ADD CONSTRAINT "online_classes_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "periods" ADD CONSTRAINT "periods_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "routines" ADD CONSTRAINT "routines_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "school_admins" ADD CONSTRAINT "school_admins_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "subject_activities" ADD CONSTRAINT "subject_activities_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "subject_activity_submissions" ADD CONSTRAINT "subject_activity_submissions_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "subject_registrations" ADD CONSTRAINT "subject_registrations_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_pkey" PRIMARY KEY("id","school_id");--> statement-breakpoint
ALTER TABLE "attendance_section_days" ADD CONSTRAINT "attendance_section_days_pk" PRIMARY KEY("section_id","session_id","date","school_id");--> statement-breakpoint
-- 5. The unique constraints and indexes again, each with school_id (last: lookups by the leading columns keep their index).
CREATE UNIQUE INDEX "library_loans_one_open_uq" ON "library_loans" USING btree ("book_id","student_id","school_id") WHERE "library_loans"."returned_on" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "message_outbox_provider_id_uq" ON "message_outbox" USING btree ("provider_message_id","school_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subject_registrations_one_fourth_uq" ON "subject_registrations" USING btree ("enrolment_id","school_id") WHERE "subject_registrations"."fourth";--> statement-breakpoint
ALTER TABLE "activity_participants" ADD CONSTRAINT "activity_participants_once_uq" UNIQUE("activity_id","enrolment_id","school_id");--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_taking_enrolment_uq" UNIQUE("taking_id","enrolment_id","school_id");--> statement-breakpoint
ALTER TABLE "attendance_submissions" ADD CONSTRAINT "attendance_submissions_user_key_uq" UNIQUE("user_id","submission_key","school_id");--> statement-breakpoint
ALTER TABLE "attendance_takings" ADD CONSTRAINT "attendance_takings_routine_date_uq" UNIQUE("routine_id","date","school_id");--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_student_kind_uq" UNIQUE("student_id","kind","school_id");--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_student_session_uq" UNIQUE("student_id","session_id","school_id");--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_roll_uq" UNIQUE("section_id","session_id","class_roll_no","school_id");--> statement-breakpoint
ALTER TABLE "exam_marks" ADD CONSTRAINT "exam_marks_exam_enrolment_uq" UNIQUE("exam_id","enrolment_id","school_id");--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_once_uq" UNIQUE("exam_type_id","subject_id","section_id","session_id","school_id");--> statement-breakpoint
ALTER TABLE "homework_submissions" ADD CONSTRAINT "homework_submissions_once_uq" UNIQUE("homework_id","student_id","school_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_fee_student_kind_uq" UNIQUE("fee_id","student_id","kind","school_id");--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_once_uq" UNIQUE("kind","enrolment_id","routine_id","date","school_id");--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_token_uq" UNIQUE("token","school_id");--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_provider_txn_uq" UNIQUE("provider","provider_txn_id","school_id");--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_payment_uq" UNIQUE("payment_id","school_id");--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_once_uq" UNIQUE("payment_id","invoice_id","school_id");--> statement-breakpoint
ALTER TABLE "periods" ADD CONSTRAINT "periods_id_shift_uq" UNIQUE("id","school_id","shift_id");--> statement-breakpoint
ALTER TABLE "routines" ADD CONSTRAINT "routines_section_slot_uq" UNIQUE("section_id","session_id","day_id","period_id","school_id");--> statement-breakpoint
ALTER TABLE "routines" ADD CONSTRAINT "routines_teacher_slot_uq" UNIQUE("teacher_id","session_id","day_id","period_id","school_id");--> statement-breakpoint
ALTER TABLE "school_admins" ADD CONSTRAINT "school_admins_user_uq" UNIQUE("user_id","school_id");--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_id_shift_uq" UNIQUE("id","school_id","shift_id");--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_user_uq" UNIQUE("user_id","school_id");--> statement-breakpoint
ALTER TABLE "subject_activity_submissions" ADD CONSTRAINT "subject_activity_submissions_once_uq" UNIQUE("activity_id","student_id","school_id");--> statement-breakpoint
ALTER TABLE "subject_registrations" ADD CONSTRAINT "subject_registrations_once_uq" UNIQUE("enrolment_id","subject_id","school_id");--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_user_uq" UNIQUE("user_id","school_id");--> statement-breakpoint
-- 6. The foreign keys: the changed ones (composite with school_id) and the rest as they were, now on the new keys.
ALTER TABLE "attendance_audit" ADD CONSTRAINT "attendance_audit_mark_fk" FOREIGN KEY ("mark_id","school_id") REFERENCES "public"."attendance_marks"("id","school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_section_days" ADD CONSTRAINT "attendance_section_days_section_fk" FOREIGN KEY ("section_id","school_id") REFERENCES "public"."sections"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_submissions" ADD CONSTRAINT "attendance_submissions_taking_fk" FOREIGN KEY ("taking_id","school_id") REFERENCES "public"."attendance_takings"("id","school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chronic_absence_episodes" ADD CONSTRAINT "chronic_absence_episodes_message_fk" FOREIGN KEY ("message_id","school_id") REFERENCES "public"."message_outbox"("id","school_id") ON DELETE SET NULL ("message_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_section_shift_fk" FOREIGN KEY ("section_id","school_id","shift_id") REFERENCES "public"."sections"("id","school_id","shift_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_section_fk" FOREIGN KEY ("section_id","school_id") REFERENCES "public"."sections"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_marks" ADD CONSTRAINT "homework_marks_submission_fk" FOREIGN KEY ("submission_id","school_id") REFERENCES "public"."homework_submissions"("id","school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_notice_fk" FOREIGN KEY ("notice_id","school_id") REFERENCES "public"."notices"("id","school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_student_fk" FOREIGN KEY ("student_id","school_id") REFERENCES "public"."students"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routines" ADD CONSTRAINT "routines_section_shift_fk" FOREIGN KEY ("section_id","school_id","shift_id") REFERENCES "public"."sections"("id","school_id","shift_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routines" ADD CONSTRAINT "routines_period_shift_fk" FOREIGN KEY ("period_id","school_id","shift_id") REFERENCES "public"."periods"("id","school_id","shift_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_participants" ADD CONSTRAINT "activity_participants_activity_id_school_id_activities_id_schoo" FOREIGN KEY (activity_id, school_id) REFERENCES activities(id, school_id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "activity_participants" ADD CONSTRAINT "activity_participants_enrolment_id_school_id_enrolments_id_scho" FOREIGN KEY (enrolment_id, school_id) REFERENCES enrolments(id, school_id);--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_enrolment_id_school_id_enrolments_id_school_id" FOREIGN KEY (enrolment_id, school_id) REFERENCES enrolments(id, school_id);--> statement-breakpoint
ALTER TABLE "chronic_absence_episodes" ADD CONSTRAINT "chronic_absence_episodes_enrolment_id_school_id_enrolments_id_s" FOREIGN KEY (enrolment_id, school_id) REFERENCES enrolments(id, school_id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "enrolment_changes" ADD CONSTRAINT "enrolment_changes_enrolment_fk" FOREIGN KEY (enrolment_id, school_id) REFERENCES enrolments(id, school_id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "exam_mark_audit" ADD CONSTRAINT "exam_mark_audit_enrolment_id_school_id_enrolments_id_school_id_" FOREIGN KEY (enrolment_id, school_id) REFERENCES enrolments(id, school_id);--> statement-breakpoint
ALTER TABLE "exam_marks" ADD CONSTRAINT "exam_marks_enrolment_fk" FOREIGN KEY (enrolment_id, school_id) REFERENCES enrolments(id, school_id);--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_enrolment_id_school_id_enrolments_id_school_id_f" FOREIGN KEY (enrolment_id, school_id) REFERENCES enrolments(id, school_id);--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_exam_type_id_school_id_exam_types_id_school_id_fk" FOREIGN KEY (exam_type_id, school_id) REFERENCES exam_types(id, school_id);--> statement-breakpoint
ALTER TABLE "exam_mark_audit" ADD CONSTRAINT "exam_mark_audit_exam_id_school_id_exams_id_school_id_fk" FOREIGN KEY (exam_id, school_id) REFERENCES exams(id, school_id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_sector_id_school_id_fee_sectors_id_school_id_fk" FOREIGN KEY (sector_id, school_id) REFERENCES fee_sectors(id, school_id);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_fee_id_school_id_fees_id_school_id_fk" FOREIGN KEY (fee_id, school_id) REFERENCES fees(id, school_id);--> statement-breakpoint
ALTER TABLE "homework_submissions" ADD CONSTRAINT "homework_submissions_homework_id_school_id_homework_id_school_i" FOREIGN KEY (homework_id, school_id) REFERENCES homework(id, school_id);--> statement-breakpoint
ALTER TABLE "invoice_waivers" ADD CONSTRAINT "invoice_waivers_invoice_id_school_id_invoices_id_school_id_fk" FOREIGN KEY (invoice_id, school_id) REFERENCES invoices(id, school_id);--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_invoice_id_school_id_invoices_id_school_id_" FOREIGN KEY (invoice_id, school_id) REFERENCES invoices(id, school_id);--> statement-breakpoint
ALTER TABLE "library_loans" ADD CONSTRAINT "library_loans_book_fk" FOREIGN KEY (book_id, school_id) REFERENCES library_books(id, school_id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "notice_recipients" ADD CONSTRAINT "notice_recipients_notice_id_school_id_notices_id_school_id_fk" FOREIGN KEY (notice_id, school_id) REFERENCES notices(id, school_id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_payment_id_school_id_payments_id_school_id_fk" FOREIGN KEY (payment_id, school_id) REFERENCES payments(id, school_id);--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_school_id_payments_id_school_id_" FOREIGN KEY (payment_id, school_id) REFERENCES payments(id, school_id);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reverses_fk" FOREIGN KEY (reverses_payment_id, school_id) REFERENCES payments(id, school_id);--> statement-breakpoint
ALTER TABLE "routines" ADD CONSTRAINT "routines_period_id_school_id_periods_id_school_id_fk" FOREIGN KEY (period_id, school_id) REFERENCES periods(id, school_id);--> statement-breakpoint
ALTER TABLE "attendance_takings" ADD CONSTRAINT "attendance_takings_routine_id_school_id_routines_id_school_id_f" FOREIGN KEY (routine_id, school_id) REFERENCES routines(id, school_id);--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_routine_id_school_id_routines_id_school_id_fk" FOREIGN KEY (routine_id, school_id) REFERENCES routines(id, school_id);--> statement-breakpoint
ALTER TABLE "substitutions" ADD CONSTRAINT "substitutions_routine_fk" FOREIGN KEY (routine_id, school_id) REFERENCES routines(id, school_id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_student_fk" FOREIGN KEY (student_id, school_id) REFERENCES students(id, school_id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_student_id_school_id_students_id_school_id_fk" FOREIGN KEY (student_id, school_id) REFERENCES students(id, school_id);--> statement-breakpoint
ALTER TABLE "guardian_students" ADD CONSTRAINT "guardian_students_student_id_school_id_students_id_school_id_fk" FOREIGN KEY (student_id, school_id) REFERENCES students(id, school_id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "homework_submissions" ADD CONSTRAINT "homework_submissions_student_id_school_id_students_id_school_id" FOREIGN KEY (student_id, school_id) REFERENCES students(id, school_id);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_student_id_school_id_students_id_school_id_fk" FOREIGN KEY (student_id, school_id) REFERENCES students(id, school_id);--> statement-breakpoint
ALTER TABLE "library_loans" ADD CONSTRAINT "library_loans_student_fk" FOREIGN KEY (student_id, school_id) REFERENCES students(id, school_id);--> statement-breakpoint
ALTER TABLE "notice_recipients" ADD CONSTRAINT "notice_recipients_student_id_school_id_students_id_school_id_fk" FOREIGN KEY (student_id, school_id) REFERENCES students(id, school_id);--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_student_id_school_id_students_id_school_id_fk" FOREIGN KEY (student_id, school_id) REFERENCES students(id, school_id);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_student_id_school_id_students_id_school_id_fk" FOREIGN KEY (student_id, school_id) REFERENCES students(id, school_id);--> statement-breakpoint
ALTER TABLE "subject_activity_submissions" ADD CONSTRAINT "subject_activity_submissions_student_fk" FOREIGN KEY (student_id, school_id) REFERENCES students(id, school_id);--> statement-breakpoint
ALTER TABLE "subject_activity_submissions" ADD CONSTRAINT "subject_activity_submissions_activity_fk" FOREIGN KEY (activity_id, school_id) REFERENCES subject_activities(id, school_id);--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_teacher_id_school_id_teachers_id_school_id_fk" FOREIGN KEY (teacher_id, school_id) REFERENCES teachers(id, school_id);--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_teacher_id_school_id_teachers_id_school_id_fk" FOREIGN KEY (teacher_id, school_id) REFERENCES teachers(id, school_id);--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_teacher_id_school_id_teachers_id_school_id_fk" FOREIGN KEY (teacher_id, school_id) REFERENCES teachers(id, school_id);--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_teacher_fk" FOREIGN KEY (teacher_id, school_id) REFERENCES teachers(id, school_id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "online_classes" ADD CONSTRAINT "online_classes_teacher_id_school_id_teachers_id_school_id_fk" FOREIGN KEY (teacher_id, school_id) REFERENCES teachers(id, school_id);--> statement-breakpoint
ALTER TABLE "routines" ADD CONSTRAINT "routines_teacher_id_school_id_teachers_id_school_id_fk" FOREIGN KEY (teacher_id, school_id) REFERENCES teachers(id, school_id);--> statement-breakpoint
ALTER TABLE "staff_attendance" ADD CONSTRAINT "staff_attendance_teacher_fk" FOREIGN KEY (teacher_id, school_id) REFERENCES teachers(id, school_id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "staff_notice_recipients" ADD CONSTRAINT "staff_notice_recipients_teacher_fk" FOREIGN KEY (teacher_id, school_id) REFERENCES teachers(id, school_id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "subject_activities" ADD CONSTRAINT "subject_activities_teacher_fk" FOREIGN KEY (teacher_id, school_id) REFERENCES teachers(id, school_id);--> statement-breakpoint
ALTER TABLE "subject_activity_submissions" ADD CONSTRAINT "subject_activity_submissions_marker_fk" FOREIGN KEY (marked_by, school_id) REFERENCES teachers(id, school_id);--> statement-breakpoint
ALTER TABLE "substitutions" ADD CONSTRAINT "substitutions_teacher_fk" FOREIGN KEY (teacher_id, school_id) REFERENCES teachers(id, school_id) ON DELETE CASCADE;--> statement-breakpoint
-- 7. The summaries' read model names its new key in ON CONFLICT (migration 0005's function, the conflict target only changed).
CREATE OR REPLACE FUNCTION "attendance_section_days_refresh"(p_routines integer[], p_dates date[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO attendance_section_days AS s (school_id, section_id, session_id, date)
  SELECT DISTINCT r.school_id, r.section_id, r.session_id, k.date
  FROM unnest(p_routines, p_dates) AS k(routine_id, date)
  JOIN routines r ON r.id = k.routine_id
  ORDER BY 2, 3, 4
  ON CONFLICT (section_id, session_id, date, school_id) DO UPDATE SET taken_periods = s.taken_periods;

  WITH keys AS (
    SELECT DISTINCT r.section_id, r.session_id, k.date
    FROM unnest(p_routines, p_dates) AS k(routine_id, date)
    JOIN routines r ON r.id = k.routine_id
  ), taken AS (
    -- Per key, its routines (by the section's slot index) and their takings on the date (by
    -- (routine_id, date)): about six probes, never the year's takings of the section.
    SELECT k.section_id, k.session_id, k.date, x.taken_periods, x.first_id
    FROM keys k
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS taken_periods, (array_agg(t.id ORDER BY p.serial, t.id))[1] AS first_id
      FROM routines r
      JOIN periods p ON p.id = r.period_id
      JOIN attendance_takings t ON t.routine_id = r.id AND t.date = k.date
      WHERE r.section_id = k.section_id AND r.session_id = k.session_id
    ) AS x
  )
  UPDATE attendance_section_days AS s
  SET taken_periods = taken.taken_periods,
      present = CASE WHEN m.n > 0 THEN m.present END,
      absent = CASE WHEN m.n > 0 THEN m.n - m.present END
  FROM taken
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS n, (count(*) FILTER (WHERE am.status = 1))::int AS present
    FROM attendance_marks am WHERE am.taking_id = taken.first_id
  ) AS m
  WHERE s.section_id = taken.section_id AND s.session_id = taken.session_id AND s.date = taken.date;

  DELETE FROM attendance_section_days s
  USING unnest(p_routines, p_dates) AS k(routine_id, date), routines r
  WHERE r.id = k.routine_id AND s.section_id = r.section_id AND s.session_id = r.session_id
    AND s.date = k.date AND s.taken_periods = 0;
END
$function$;
