ALTER TABLE "message_outbox" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
-- Cross-process cache invalidation (server/cache/hot-cache.ts): every change to what the API
-- processes cache sends NOTIFY pathshala_cache, '<kind>:<ids>' (or 'all' when the ids would not
-- fit a payload). Triggers rather than the application, so that every writer is covered: routes,
-- seeds, scripts and psql. The notification is delivered when the transaction commits.
CREATE FUNCTION pathshala_cache_notify(kind text, ids text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR ids = '' THEN RETURN; END IF;
  IF length(ids) > 7000 THEN
    PERFORM pg_notify('pathshala_cache', 'all');
  ELSE
    PERFORM pg_notify('pathshala_cache', kind || ':' || ids);
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION pathshala_cache_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pathshala_cache', 'all');
  RETURN NULL;
END $$;--> statement-breakpoint
-- Sessions: revoked (sign-out), re-timed or re-assigned; deleted while still usable. The purge of
-- ended sessions sends nothing: no process holds an ended session.
CREATE FUNCTION pathshala_cache_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT string_agg(DISTINCT n.id::text, ',') INTO ids FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.revoked_at, n.expires_at, n.user_id, n.token_hash) IS DISTINCT FROM (o.revoked_at, o.expires_at, o.user_id, o.token_hash);
  ELSE
    SELECT string_agg(o.id::text, ',') INTO ids FROM old_rows o WHERE o.revoked_at IS NULL AND o.expires_at > now();
  END IF;
  PERFORM pathshala_cache_notify('session', ids);
  RETURN NULL;
END $$;--> statement-breakpoint
-- Users: deactivated, password changed, type, code or school changed, deleted.
CREATE FUNCTION pathshala_cache_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT string_agg(DISTINCT n.id::text, ',') INTO ids FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.status, n.password_hash, n.user_type, n.user_code, n.school_id)
      IS DISTINCT FROM (o.status, o.password_hash, o.user_type, o.user_code, o.school_id);
  ELSE
    SELECT string_agg(o.id::text, ',') INTO ids FROM old_rows o;
  END IF;
  PERFORM pathshala_cache_notify('user', ids);
  RETURN NULL;
END $$;--> statement-breakpoint
-- The teacher or student record of an account: the user ids before and after.
CREATE FUNCTION pathshala_cache_members() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT string_agg(DISTINCT n.user_id::text, ',') INTO ids FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT string_agg(DISTINCT o.user_id::text, ',') INTO ids FROM old_rows o;
  ELSE
    SELECT string_agg(DISTINCT u::text, ',') INTO ids FROM new_rows n JOIN old_rows o ON o.id = n.id,
      LATERAL unnest(ARRAY[n.user_id, o.user_id]) AS u
    WHERE (n.user_id, n.school_id) IS DISTINCT FROM (o.user_id, o.school_id);
  END IF;
  PERFORM pathshala_cache_notify('member', ids);
  RETURN NULL;
END $$;--> statement-breakpoint
-- A school's clock: time zone, weekly off days, attendance correction window.
CREATE FUNCTION pathshala_cache_schools() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT string_agg(DISTINCT n.id::text, ',') INTO ids FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.time_zone, n.weekly_off_days, n.attendance_edit_days)
      IS DISTINCT FROM (o.time_zone, o.weekly_off_days, o.attendance_edit_days);
  ELSE
    SELECT string_agg(o.id::text, ',') INTO ids FROM old_rows o;
  END IF;
  PERFORM pathshala_cache_notify('school', ids);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION pathshala_cache_years() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pathshala_cache', 'years');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER auth_sessions_cache_upd AFTER UPDATE ON auth_sessions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_sessions();--> statement-breakpoint
CREATE TRIGGER auth_sessions_cache_del AFTER DELETE ON auth_sessions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_sessions();--> statement-breakpoint
CREATE TRIGGER users_cache_upd AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_users();--> statement-breakpoint
CREATE TRIGGER users_cache_del AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_users();--> statement-breakpoint
CREATE TRIGGER teachers_cache_ins AFTER INSERT ON teachers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_members();--> statement-breakpoint
CREATE TRIGGER teachers_cache_upd AFTER UPDATE ON teachers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_members();--> statement-breakpoint
CREATE TRIGGER teachers_cache_del AFTER DELETE ON teachers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_members();--> statement-breakpoint
CREATE TRIGGER students_cache_ins AFTER INSERT ON students REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_members();--> statement-breakpoint
CREATE TRIGGER students_cache_upd AFTER UPDATE ON students REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_members();--> statement-breakpoint
CREATE TRIGGER students_cache_del AFTER DELETE ON students REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_members();--> statement-breakpoint
CREATE TRIGGER schools_cache_upd AFTER UPDATE ON schools REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_schools();--> statement-breakpoint
CREATE TRIGGER schools_cache_del AFTER DELETE ON schools REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_schools();--> statement-breakpoint
CREATE TRIGGER academic_sessions_cache AFTER INSERT OR UPDATE OR DELETE ON academic_sessions FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_years();--> statement-breakpoint
CREATE TRIGGER auth_sessions_cache_trunc AFTER TRUNCATE ON auth_sessions FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER users_cache_trunc AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER teachers_cache_trunc AFTER TRUNCATE ON teachers FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER students_cache_trunc AFTER TRUNCATE ON students FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER schools_cache_trunc AFTER TRUNCATE ON schools FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER academic_sessions_cache_trunc AFTER TRUNCATE ON academic_sessions FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();
