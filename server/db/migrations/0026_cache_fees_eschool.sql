-- Issue 10: the student's fee, online class and activity reads join the answer cache
-- (server/cache/responses.ts), so writes to the tables they read announce their school, as migration
-- 0007's do (one NOTIFY per statement, at commit). Activities have theirs since 0025, the calendar since 0009.
CREATE TRIGGER fee_sectors_content_ins AFTER INSERT ON fee_sectors REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER fee_sectors_content_upd AFTER UPDATE ON fee_sectors REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER fee_sectors_content_del AFTER DELETE ON fee_sectors REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER fee_sectors_content_trunc AFTER TRUNCATE ON fee_sectors FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER fees_content_ins AFTER INSERT ON fees REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER fees_content_upd AFTER UPDATE ON fees REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER fees_content_del AFTER DELETE ON fees REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER fees_content_trunc AFTER TRUNCATE ON fees FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER invoices_content_ins AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER invoices_content_upd AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER invoices_content_del AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER invoices_content_trunc AFTER TRUNCATE ON invoices FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER invoice_waivers_content_ins AFTER INSERT ON invoice_waivers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER invoice_waivers_content_upd AFTER UPDATE ON invoice_waivers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER invoice_waivers_content_del AFTER DELETE ON invoice_waivers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER invoice_waivers_content_trunc AFTER TRUNCATE ON invoice_waivers FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER payments_content_ins AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER payments_content_upd AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER payments_content_del AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER payments_content_trunc AFTER TRUNCATE ON payments FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER payment_allocations_content_ins AFTER INSERT ON payment_allocations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER payment_allocations_content_upd AFTER UPDATE ON payment_allocations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER payment_allocations_content_del AFTER DELETE ON payment_allocations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER payment_allocations_content_trunc AFTER TRUNCATE ON payment_allocations FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER online_payments_content_ins AFTER INSERT ON online_payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER online_payments_content_upd AFTER UPDATE ON online_payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER online_payments_content_del AFTER DELETE ON online_payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER online_payments_content_trunc AFTER TRUNCATE ON online_payments FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER online_classes_content_ins AFTER INSERT ON online_classes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER online_classes_content_upd AFTER UPDATE ON online_classes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER online_classes_content_del AFTER DELETE ON online_classes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER online_classes_content_trunc AFTER TRUNCATE ON online_classes FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
-- A guardian's answers (their children's schools') are kept too: a link made or removed drops that
-- guardian's answers ('member:<user ids>'), and the children's schools' writes drop them as any.
CREATE FUNCTION pathshala_cache_guardian_links() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT string_agg(DISTINCT g.user_id::text, ',') INTO ids FROM new_rows r JOIN guardians g ON g.id = r.guardian_id;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT string_agg(DISTINCT g.user_id::text, ',') INTO ids FROM old_rows r JOIN guardians g ON g.id = r.guardian_id;
  ELSE
    SELECT string_agg(DISTINCT g.user_id::text, ',') INTO ids
      FROM (SELECT guardian_id FROM new_rows UNION SELECT guardian_id FROM old_rows) AS r JOIN guardians g ON g.id = r.guardian_id;
  END IF;
  PERFORM pathshala_cache_notify('member', ids);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER guardian_students_cache_ins AFTER INSERT ON guardian_students REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_guardian_links();--> statement-breakpoint
CREATE TRIGGER guardian_students_cache_upd AFTER UPDATE ON guardian_students REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_guardian_links();--> statement-breakpoint
CREATE TRIGGER guardian_students_cache_del AFTER DELETE ON guardian_students REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_guardian_links();--> statement-breakpoint
CREATE TRIGGER guardian_students_cache_trunc AFTER TRUNCATE ON guardian_students FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();
