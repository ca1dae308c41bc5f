-- Cached answers of the hot reads (server/cache/responses.ts) are dropped when their school's data
-- changes: every write to a table a school owns sends NOTIFY pathshala_cache, 'content:<school ids>'
-- (delivered at commit; identical payloads of one transaction are sent once). Statement triggers
-- with transition tables: one notification per statement, whatever the number of rows. Shared
-- reference tables (classes, subjects, shifts, groups) change rarely and affect every school: 'all'.
CREATE FUNCTION pathshala_cache_content() RETURNS trigger LANGUAGE plpgsql AS $$
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
  PERFORM pathshala_cache_notify('content', ids);
  RETURN NULL;
END $$;--> statement-breakpoint
-- A student opening a notice changes its author's read counts: the notice's school.
CREATE FUNCTION pathshala_cache_notice_reads() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT string_agg(DISTINCT n.school_id::text, ',') INTO ids FROM new_rows r JOIN notices n ON n.id = r.notice_id;
  ELSE
    SELECT string_agg(DISTINCT n.school_id::text, ',') INTO ids FROM old_rows r JOIN notices n ON n.id = r.notice_id;
  END IF;
  PERFORM pathshala_cache_notify('content', ids);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER attendance_takings_content_ins AFTER INSERT ON attendance_takings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER attendance_takings_content_upd AFTER UPDATE ON attendance_takings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER attendance_takings_content_del AFTER DELETE ON attendance_takings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER attendance_takings_content_trunc AFTER TRUNCATE ON attendance_takings FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER attendance_marks_content_ins AFTER INSERT ON attendance_marks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER attendance_marks_content_upd AFTER UPDATE ON attendance_marks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER attendance_marks_content_del AFTER DELETE ON attendance_marks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER attendance_marks_content_trunc AFTER TRUNCATE ON attendance_marks FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER notices_content_ins AFTER INSERT ON notices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER notices_content_upd AFTER UPDATE ON notices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER notices_content_del AFTER DELETE ON notices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER notices_content_trunc AFTER TRUNCATE ON notices FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER notice_recipients_content_ins AFTER INSERT ON notice_recipients REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER notice_recipients_content_upd AFTER UPDATE ON notice_recipients REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER notice_recipients_content_del AFTER DELETE ON notice_recipients REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER notice_recipients_content_trunc AFTER TRUNCATE ON notice_recipients FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER enrolments_content_ins AFTER INSERT ON enrolments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER enrolments_content_upd AFTER UPDATE ON enrolments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER enrolments_content_del AFTER DELETE ON enrolments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER enrolments_content_trunc AFTER TRUNCATE ON enrolments FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER routines_content_ins AFTER INSERT ON routines REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER routines_content_upd AFTER UPDATE ON routines REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER routines_content_del AFTER DELETE ON routines REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER routines_content_trunc AFTER TRUNCATE ON routines FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER sections_content_ins AFTER INSERT ON sections REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER sections_content_upd AFTER UPDATE ON sections REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER sections_content_del AFTER DELETE ON sections REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER sections_content_trunc AFTER TRUNCATE ON sections FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER periods_content_ins AFTER INSERT ON periods REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER periods_content_upd AFTER UPDATE ON periods REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER periods_content_del AFTER DELETE ON periods REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER periods_content_trunc AFTER TRUNCATE ON periods FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER teachers_content_ins AFTER INSERT ON teachers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER teachers_content_upd AFTER UPDATE ON teachers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER teachers_content_del AFTER DELETE ON teachers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER teachers_content_trunc AFTER TRUNCATE ON teachers FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER students_content_ins AFTER INSERT ON students REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER students_content_upd AFTER UPDATE ON students REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER students_content_del AFTER DELETE ON students REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER students_content_trunc AFTER TRUNCATE ON students FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER users_content_ins AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER users_content_upd AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER users_content_del AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER users_content_trunc AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER school_admins_content_ins AFTER INSERT ON school_admins REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER school_admins_content_upd AFTER UPDATE ON school_admins REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER school_admins_content_del AFTER DELETE ON school_admins REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER school_admins_content_trunc AFTER TRUNCATE ON school_admins FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER message_outbox_content_ins AFTER INSERT ON message_outbox REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER message_outbox_content_upd AFTER UPDATE ON message_outbox REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER message_outbox_content_del AFTER DELETE ON message_outbox REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER message_outbox_content_trunc AFTER TRUNCATE ON message_outbox FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
-- A school's own row (its name and address are in answers): that school.
CREATE FUNCTION pathshala_cache_school_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT string_agg(DISTINCT id::text, ',') INTO ids FROM old_rows;
  ELSE
    SELECT string_agg(DISTINCT id::text, ',') INTO ids FROM new_rows;
  END IF;
  PERFORM pathshala_cache_notify('content', ids);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER schools_content_upd AFTER UPDATE ON schools REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_school_rows();--> statement-breakpoint
CREATE TRIGGER schools_content_del AFTER DELETE ON schools REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_school_rows();--> statement-breakpoint
CREATE TRIGGER notice_reads_content_ins AFTER INSERT ON notice_reads REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_notice_reads();--> statement-breakpoint
CREATE TRIGGER notice_reads_content_del AFTER DELETE ON notice_reads REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_notice_reads();--> statement-breakpoint
CREATE TRIGGER notice_reads_content_trunc AFTER TRUNCATE ON notice_reads FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER classes_content_all AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON classes FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER subjects_content_all AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON subjects FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER shifts_content_all AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shifts FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER student_groups_content_all AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON student_groups FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();
