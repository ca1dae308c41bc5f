-- Notifications that say what changed, so that a process drops only what was computed from it
-- (server/cache/hot-cache.ts, docs/ARCHITECTURE.md "Caches"). A school's writes used to drop every
-- kind of kept data of the school: ten attendance and mark writes a second in a school day left a
-- section's results, computed from the whole section, never kept.
--
-- 'content:<table>:<school ids>' for a change to a table a school owns (was 'content:<ids>');
-- 'rows:<table>:<school id>:<section ids>' for marks and attendance marks, which change only their
-- sections' results. A process that reads 'content:<ids>' without a table drops everything of
-- those schools, as before.
CREATE OR REPLACE FUNCTION pathshala_cache_content() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT string_agg(DISTINCT school_id::text, ',') INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT string_agg(DISTINCT school_id::text, ',') INTO ids FROM old_rows;
  ELSE
    SELECT string_agg(DISTINCT s::text, ',') INTO ids
      FROM (SELECT school_id AS s FROM new_rows UNION SELECT school_id FROM old_rows) AS both_sides;
  END IF;
  PERFORM pathshala_cache_notify('content:' || TG_TABLE_NAME, ids);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION pathshala_cache_notice_reads() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT string_agg(DISTINCT n.school_id::text, ',') INTO ids FROM new_rows r JOIN notices n ON n.id = r.notice_id;
  ELSE
    SELECT string_agg(DISTINCT n.school_id::text, ',') INTO ids FROM old_rows r JOIN notices n ON n.id = r.notice_id;
  END IF;
  PERFORM pathshala_cache_notify('content:notice_reads', ids);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION pathshala_cache_school_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT string_agg(DISTINCT id::text, ',') INTO ids FROM old_rows;
  ELSE
    SELECT string_agg(DISTINCT id::text, ',') INTO ids FROM new_rows;
  END IF;
  PERFORM pathshala_cache_notify('content:schools', ids);
  RETURN NULL;
END $$;--> statement-breakpoint
-- Marks: each school's sections whose marks changed.
CREATE FUNCTION pathshala_cache_exam_marks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR r IN SELECT school_id, string_agg(DISTINCT section_id::text, ',') AS ids FROM new_rows GROUP BY school_id LOOP
      PERFORM pathshala_cache_notify('rows:exam_marks:' || r.school_id, r.ids);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN SELECT school_id, string_agg(DISTINCT section_id::text, ',') AS ids FROM old_rows GROUP BY school_id LOOP
      PERFORM pathshala_cache_notify('rows:exam_marks:' || r.school_id, r.ids);
    END LOOP;
  ELSE
    FOR r IN SELECT school_id, string_agg(DISTINCT section_id::text, ',') AS ids
      FROM (SELECT school_id, section_id FROM new_rows UNION SELECT school_id, section_id FROM old_rows) AS both_sides
      GROUP BY school_id LOOP
      PERFORM pathshala_cache_notify('rows:exam_marks:' || r.school_id, r.ids);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Attendance marks: each school's sections (of the marked enrolments) whose attendance changed.
CREATE FUNCTION pathshala_cache_attendance_marks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR r IN SELECT m.school_id, string_agg(DISTINCT e.section_id::text, ',') AS ids
      FROM new_rows m JOIN enrolments e ON e.id = m.enrolment_id GROUP BY m.school_id LOOP
      PERFORM pathshala_cache_notify('rows:attendance_marks:' || r.school_id, r.ids);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN SELECT m.school_id, string_agg(DISTINCT e.section_id::text, ',') AS ids
      FROM old_rows m JOIN enrolments e ON e.id = m.enrolment_id GROUP BY m.school_id LOOP
      PERFORM pathshala_cache_notify('rows:attendance_marks:' || r.school_id, r.ids);
    END LOOP;
  ELSE
    FOR r IN SELECT m.school_id, string_agg(DISTINCT e.section_id::text, ',') AS ids
      FROM (SELECT school_id, enrolment_id FROM new_rows UNION SELECT school_id, enrolment_id FROM old_rows) AS m
      JOIN enrolments e ON e.id = m.enrolment_id GROUP BY m.school_id LOOP
      PERFORM pathshala_cache_notify('rows:attendance_marks:' || r.school_id, r.ids);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER exam_marks_content_ins ON exam_marks;--> statement-breakpoint
DROP TRIGGER exam_marks_content_upd ON exam_marks;--> statement-breakpoint
DROP TRIGGER exam_marks_content_del ON exam_marks;--> statement-breakpoint
CREATE TRIGGER exam_marks_rows_ins AFTER INSERT ON exam_marks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_exam_marks();--> statement-breakpoint
CREATE TRIGGER exam_marks_rows_upd AFTER UPDATE ON exam_marks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_exam_marks();--> statement-breakpoint
CREATE TRIGGER exam_marks_rows_del AFTER DELETE ON exam_marks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_exam_marks();--> statement-breakpoint
DROP TRIGGER attendance_marks_content_ins ON attendance_marks;--> statement-breakpoint
DROP TRIGGER attendance_marks_content_upd ON attendance_marks;--> statement-breakpoint
DROP TRIGGER attendance_marks_content_del ON attendance_marks;--> statement-breakpoint
CREATE TRIGGER attendance_marks_rows_ins AFTER INSERT ON attendance_marks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_attendance_marks();--> statement-breakpoint
CREATE TRIGGER attendance_marks_rows_upd AFTER UPDATE ON attendance_marks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_attendance_marks();--> statement-breakpoint
CREATE TRIGGER attendance_marks_rows_del AFTER DELETE ON attendance_marks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_attendance_marks();
