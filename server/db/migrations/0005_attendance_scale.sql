-- Attendance at district scale (issue 10). Marks carry their taking's routine and date, so that a
-- student's history is one range of the (enrolment, date) index; a per-section-per-day read model
-- answers the school summaries; the planner is told how few marks a taking has.
--
-- 1. Marks carry routine_id and date: added nullable, filled from their takings, then required,
--    and tied to the taking by a composite foreign key (a mark can never disagree with its taking;
--    a taking whose routine or date changes takes its marks with it).
ALTER TABLE "attendance_marks" ADD COLUMN "routine_id" integer;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD COLUMN "date" date;--> statement-breakpoint
UPDATE "attendance_marks" AS m SET "routine_id" = t."routine_id", "date" = t."date"
  FROM "attendance_takings" AS t WHERE t."id" = m."taking_id";--> statement-breakpoint
ALTER TABLE "attendance_marks" ALTER COLUMN "routine_id" SET NOT NULL, ALTER COLUMN "date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_takings" ADD CONSTRAINT "attendance_takings_key_uq" UNIQUE("id","school_id","routine_id","date");--> statement-breakpoint
ALTER TABLE "attendance_marks" DROP CONSTRAINT "attendance_marks_taking_id_school_id_attendance_takings_id_school_id_fk";--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_taking_fk" FOREIGN KEY ("taking_id","school_id","routine_id","date") REFERENCES "public"."attendance_takings"("id","school_id","routine_id","date") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
DROP INDEX "attendance_marks_enrolment_idx";--> statement-breakpoint
CREATE INDEX "attendance_marks_enrolment_date_idx" ON "attendance_marks" USING btree ("enrolment_id","date","routine_id","status");--> statement-breakpoint
-- 2. A taking has one section's marks (about 40), however many takings there are. Sampled
--    statistics put it near 260 at district size (136,227 distinct takings estimated of 906,000),
--    which turned the submission's read-back into a sequential scan of every enrolment. A
--    negative n_distinct is a fraction of the rows, so it stays right as the table grows.
ALTER TABLE "attendance_marks" ALTER COLUMN "taking_id" SET (n_distinct = -0.025);--> statement-breakpoint
-- 3. The read model of the school summaries (see attendance_section_days in schema.ts).
CREATE TABLE "attendance_section_days" (
	"school_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"date" date NOT NULL,
	"taken_periods" integer DEFAULT 0 NOT NULL,
	"present" integer,
	"absent" integer,
	CONSTRAINT "attendance_section_days_pk" PRIMARY KEY("section_id","session_id","date")
);
--> statement-breakpoint
ALTER TABLE "attendance_section_days" ADD CONSTRAINT "attendance_section_days_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_section_days" ADD CONSTRAINT "attendance_section_days_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_section_days" ADD CONSTRAINT "attendance_section_days_session_id_academic_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_section_days_school_date_idx" ON "attendance_section_days" USING btree ("school_id","date");--> statement-breakpoint
-- Recompute the section-days of some (routine, date) pairs from the takings and marks. "Present
-- for the day" is the section's first taken period by serial (services/attendance.ts).
-- The rows are locked first (created when missing): two transactions taking different periods of
-- one section-day then recompute one after the other, and because each statement of a volatile
-- function takes a fresh snapshot, the second one's recount sees the first one's committed takings.
CREATE FUNCTION "attendance_section_days_refresh"(p_routines integer[], p_dates date[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO attendance_section_days AS s (school_id, section_id, session_id, date)
  SELECT DISTINCT r.school_id, r.section_id, r.session_id, k.date
  FROM unnest(p_routines, p_dates) AS k(routine_id, date)
  JOIN routines r ON r.id = k.routine_id
  ORDER BY 2, 3, 4
  ON CONFLICT (section_id, session_id, date) DO UPDATE SET taken_periods = s.taken_periods;

  WITH keys AS (
    SELECT DISTINCT r.section_id, r.session_id, k.date
    FROM unnest(p_routines, p_dates) AS k(routine_id, date)
    JOIN routines r ON r.id = k.routine_id
  ), taken AS (
    SELECT k.section_id, k.session_id, k.date, count(t.id)::int AS taken_periods,
           (array_agg(t.id ORDER BY p.serial, t.id) FILTER (WHERE t.id IS NOT NULL))[1] AS first_id
    FROM keys k
    LEFT JOIN (routines r
      JOIN periods p ON p.id = r.period_id
      JOIN attendance_takings t ON t.routine_id = r.id)
      ON r.section_id = k.section_id AND r.session_id = k.session_id AND t.date = k.date
    GROUP BY 1, 2, 3
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
$$;--> statement-breakpoint
-- The (routine, date) pairs a statement on attendance_marks touched; an update counts only when it
-- changed a status, routine or date (a resubmission that changes nothing recomputes nothing).
CREATE FUNCTION "attendance_marks_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r integer[];
  d date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(k.routine_id), array_agg(k.date) INTO r, d
    FROM (SELECT DISTINCT routine_id, date FROM new_rows) AS k;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(k.routine_id), array_agg(k.date) INTO r, d
    FROM (SELECT DISTINCT routine_id, date FROM old_rows) AS k;
  ELSE
    SELECT array_agg(k.routine_id), array_agg(k.date) INTO r, d
    FROM (
      SELECT x.routine_id, x.date
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (n.routine_id, n.date), (o.routine_id, o.date)) AS x(routine_id, date)
      WHERE (n.status, n.routine_id, n.date) IS DISTINCT FROM (o.status, o.routine_id, o.date)
      GROUP BY 1, 2
    ) AS k;
  END IF;
  IF r IS NOT NULL THEN
    PERFORM attendance_section_days_refresh(r, d);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The same for attendance_takings: a taking counts as a taken period even before its marks.
CREATE FUNCTION "attendance_takings_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r integer[];
  d date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(k.routine_id), array_agg(k.date) INTO r, d
    FROM (SELECT DISTINCT routine_id, date FROM new_rows) AS k;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(k.routine_id), array_agg(k.date) INTO r, d
    FROM (SELECT DISTINCT routine_id, date FROM old_rows) AS k;
  ELSE
    SELECT array_agg(k.routine_id), array_agg(k.date) INTO r, d
    FROM (
      SELECT x.routine_id, x.date
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (n.routine_id, n.date), (o.routine_id, o.date)) AS x(routine_id, date)
      WHERE (n.routine_id, n.date) IS DISTINCT FROM (o.routine_id, o.date)
      GROUP BY 1, 2
    ) AS k;
  END IF;
  IF r IS NOT NULL THEN
    PERFORM attendance_section_days_refresh(r, d);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "attendance_marks_inserted" AFTER INSERT ON "attendance_marks"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_marks_changed();--> statement-breakpoint
CREATE TRIGGER "attendance_marks_updated" AFTER UPDATE ON "attendance_marks"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_marks_changed();--> statement-breakpoint
CREATE TRIGGER "attendance_marks_deleted" AFTER DELETE ON "attendance_marks"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_marks_changed();--> statement-breakpoint
CREATE TRIGGER "attendance_takings_inserted" AFTER INSERT ON "attendance_takings"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_takings_changed();--> statement-breakpoint
CREATE TRIGGER "attendance_takings_updated" AFTER UPDATE ON "attendance_takings"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_takings_changed();--> statement-breakpoint
CREATE TRIGGER "attendance_takings_deleted" AFTER DELETE ON "attendance_takings"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION attendance_takings_changed();--> statement-breakpoint
-- Rebuild the whole read model in one pass: the backfill below, and bulk loaders that insert
-- with triggers disabled (ALTER TABLE ... DISABLE TRIGGER USER) call it afterwards.
CREATE FUNCTION "attendance_section_days_rebuild"() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM attendance_section_days;
  INSERT INTO attendance_section_days (school_id, section_id, session_id, date, taken_periods, present, absent)
  SELECT d.school_id, d.section_id, d.session_id, d.date, d.taken_periods,
         CASE WHEN m.n > 0 THEN m.present END, CASE WHEN m.n > 0 THEN m.n - m.present END
  FROM (
    SELECT r.school_id, r.section_id, r.session_id, t.date, count(*)::int AS taken_periods,
           (array_agg(t.id ORDER BY p.serial, t.id))[1] AS first_id
    FROM attendance_takings t
    JOIN routines r ON r.id = t.routine_id
    JOIN periods p ON p.id = r.period_id
    GROUP BY 1, 2, 3, 4
  ) AS d
  LEFT JOIN (
    SELECT taking_id, count(*)::int AS n, (count(*) FILTER (WHERE status = 1))::int AS present
    FROM attendance_marks GROUP BY taking_id
  ) AS m ON m.taking_id = d.first_id;
$$;--> statement-breakpoint
SELECT attendance_section_days_rebuild();
