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
CREATE TRIGGER online_classes_content_trunc AFTER TRUNCATE ON online_classes FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();
