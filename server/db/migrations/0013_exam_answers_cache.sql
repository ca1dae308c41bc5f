-- Grade sheets and mark sheets are among the cached answers (server/cache/responses.ts): a change
-- to a school's exams, marks, exam types or publication drops that school's answers, as migration
-- 0007 does for the other tables a school owns.
CREATE TRIGGER exams_content_ins AFTER INSERT ON exams REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER exams_content_upd AFTER UPDATE ON exams REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER exams_content_del AFTER DELETE ON exams REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER exams_content_trunc AFTER TRUNCATE ON exams FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER exam_marks_content_ins AFTER INSERT ON exam_marks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER exam_marks_content_upd AFTER UPDATE ON exam_marks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER exam_marks_content_del AFTER DELETE ON exam_marks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER exam_marks_content_trunc AFTER TRUNCATE ON exam_marks FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER exam_types_content_ins AFTER INSERT ON exam_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER exam_types_content_upd AFTER UPDATE ON exam_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER exam_types_content_del AFTER DELETE ON exam_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER exam_types_content_trunc AFTER TRUNCATE ON exam_types FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();--> statement-breakpoint
CREATE TRIGGER result_publications_content_ins AFTER INSERT ON result_publications REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER result_publications_content_upd AFTER UPDATE ON result_publications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER result_publications_content_del AFTER DELETE ON result_publications REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_content();--> statement-breakpoint
CREATE TRIGGER result_publications_content_trunc AFTER TRUNCATE ON result_publications FOR EACH STATEMENT EXECUTE FUNCTION pathshala_cache_all();
