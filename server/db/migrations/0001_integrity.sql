ALTER TABLE "periods" ADD CONSTRAINT "periods_id_shift_uq" UNIQUE("id","shift_id");--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_id_shift_uq" UNIQUE("id","shift_id");--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_id_class_uq" UNIQUE("id","class_id");--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_section_shift_fk" FOREIGN KEY ("section_id","shift_id") REFERENCES "public"."sections"("id","shift_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routines" ADD CONSTRAINT "routines_subject_class_fk" FOREIGN KEY ("subject_id","class_id") REFERENCES "public"."subjects"("id","class_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routines" ADD CONSTRAINT "routines_section_shift_fk" FOREIGN KEY ("section_id","shift_id") REFERENCES "public"."sections"("id","shift_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routines" ADD CONSTRAINT "routines_period_shift_fk" FOREIGN KEY ("period_id","shift_id") REFERENCES "public"."periods"("id","shift_id") ON DELETE no action ON UPDATE no action;
