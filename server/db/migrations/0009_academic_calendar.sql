CREATE TABLE "calendar_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"type" varchar(16) NOT NULL,
	"topics" varchar(200) NOT NULL,
	"details" varchar(2000) DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_entries_type_valid" CHECK ("calendar_entries"."type" in ('holiday', 'exam', 'event', 'meeting', 'other')),
	CONSTRAINT "calendar_entries_range_valid" CHECK ("calendar_entries"."end_date" >= "calendar_entries"."start_date")
);
--> statement-breakpoint
ALTER TABLE "calendar_entries" ADD CONSTRAINT "calendar_entries_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_entries" ADD CONSTRAINT "calendar_entries_session_id_academic_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_entries" ADD CONSTRAINT "calendar_entries_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_entries_school_date_idx" ON "calendar_entries" USING btree ("school_id","start_date");--> statement-breakpoint
-- The school's holidays are kept in the process cache (server/cache/hot-cache.ts, `holidays`), and
-- the summaries built on them among its answers: any
-- change to a school's calendar sends NOTIFY pathshala_cache, 'calendar:<school ids>'.
CREATE FUNCTION pathshala_cache_calendar() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT string_agg(DISTINCT n.school_id::text, ',') INTO ids FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT string_agg(DISTINCT o.school_id::text, ',') INTO ids FROM old_rows o;
  ELSE
    SELECT string_agg(DISTINCT s::text, ',') INTO ids FROM new_rows n JOIN old_rows o ON o.id = n.id,
      LATERAL unnest(ARRAY[n.school_id, o.school_id]) AS s;
  END IF;
  PERFORM pathshala_cache_notify('calendar', ids);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER calendar_entries_cache_ins AFTER INSERT ON calendar_entries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_calendar();--> statement-breakpoint
CREATE TRIGGER calendar_entries_cache_upd AFTER UPDATE ON calendar_entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_calendar();--> statement-breakpoint
CREATE TRIGGER calendar_entries_cache_del AFTER DELETE ON calendar_entries REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_calendar();--> statement-breakpoint
CREATE TRIGGER calendar_entries_cache_trunc AFTER TRUNCATE ON calendar_entries FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();
