ALTER TABLE "invoices" DROP CONSTRAINT "invoices_fee_student_uq";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "kind" varchar(10) DEFAULT 'fee' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_fee_student_kind_uq" UNIQUE("fee_id","student_id","kind");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind_valid" CHECK ("invoices"."kind" in ('fee', 'late_fee'));