ALTER TABLE "classes" ADD CONSTRAINT "classes_type_code_uq" UNIQUE("school_type_id","class_code");--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_class_name_uq" UNIQUE("class_id","subject_name");--> statement-breakpoint
-- Periods of one school's shift never overlap (issue 13). Half-open ranges: a period may start the
-- minute the one before ends. btree_gist (a trusted contrib extension since PostgreSQL 13) lets the
-- integer columns join the range in one exclusion constraint.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "periods" ADD CONSTRAINT "periods_no_overlap" EXCLUDE USING gist ("school_id" WITH =, "shift_id" WITH =, tsrange(DATE '2000-01-01' + "start_time", DATE '2000-01-01' + "end_time", '[)') WITH &&);
