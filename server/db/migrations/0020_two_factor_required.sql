CREATE TABLE "system_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"super_admin_two_factor" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_settings_one_row" CHECK ("system_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "require_two_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A cached session carries whether its account must still set up two-factor sign-in (the guard
-- refuses everything else): turning the second factor on or off, a school's requirement and the
-- super admins' requirement drop the sessions of the accounts concerned (server/cache/hot-cache.ts).
CREATE OR REPLACE FUNCTION pathshala_cache_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT string_agg(DISTINCT n.id::text, ',') INTO ids FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.status, n.password_hash, n.user_type, n.user_code, n.school_id, n.totp_secret IS NULL)
      IS DISTINCT FROM (o.status, o.password_hash, o.user_type, o.user_code, o.school_id, o.totp_secret IS NULL);
  ELSE
    SELECT string_agg(o.id::text, ',') INTO ids FROM old_rows o;
  END IF;
  PERFORM pathshala_cache_notify('user', ids);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION pathshala_cache_school_two_factor() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text;
BEGIN
  SELECT string_agg(DISTINCT u.id::text, ',') INTO ids
  FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN users u ON u.school_id = n.id AND u.user_type = 4
  WHERE n.require_two_factor IS DISTINCT FROM o.require_two_factor;
  PERFORM pathshala_cache_notify('user', ids);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER schools_two_factor_cache_upd AFTER UPDATE ON schools REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_school_two_factor();--> statement-breakpoint
CREATE FUNCTION pathshala_cache_system_two_factor() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text;
BEGIN
  SELECT string_agg(u.id::text, ',') INTO ids FROM users u WHERE u.user_type = 5;
  PERFORM pathshala_cache_notify('user', ids);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER system_settings_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON system_settings FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_system_two_factor();
