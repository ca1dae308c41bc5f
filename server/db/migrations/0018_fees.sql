CREATE TABLE "fee_receipt_counters" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"last_no" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_sectors" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"sector_code" varchar(20) NOT NULL,
	"sector_name" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_sectors_code_uq" UNIQUE("school_id","sector_code"),
	CONSTRAINT "fee_sectors_id_school_uq" UNIQUE("id","school_id"),
	CONSTRAINT "fee_sectors_code_present" CHECK (length(trim("fee_sectors"."sector_code")) > 0),
	CONSTRAINT "fee_sectors_name_present" CHECK (length(trim("fee_sectors"."sector_name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"sector_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"scope" varchar(10) NOT NULL,
	"class_id" integer,
	"section_id" integer,
	"amount_poisha" bigint NOT NULL,
	"late_fee_poisha" bigint DEFAULT 0 NOT NULL,
	"last_date" date NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fees_target_uq" UNIQUE NULLS NOT DISTINCT("school_id","sector_id","session_id","scope","class_id","section_id","last_date"),
	CONSTRAINT "fees_id_school_uq" UNIQUE("id","school_id"),
	CONSTRAINT "fees_scope_valid" CHECK ("fees"."scope" in ('class', 'section', 'students')),
	CONSTRAINT "fees_scope_target" CHECK (("fees"."scope" = 'class' and "fees"."class_id" is not null and "fees"."section_id" is null)
        or ("fees"."scope" = 'section' and "fees"."class_id" is not null and "fees"."section_id" is not null)
        or ("fees"."scope" = 'students' and "fees"."section_id" is null)),
	CONSTRAINT "fees_amount_positive" CHECK ("fees"."amount_poisha" > 0),
	CONSTRAINT "fees_late_fee_not_negative" CHECK ("fees"."late_fee_poisha" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_waivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"amount_poisha" bigint NOT NULL,
	"reason" varchar(300) NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_waivers_kind_valid" CHECK ("invoice_waivers"."kind" in ('waiver', 'discount')),
	CONSTRAINT "invoice_waivers_amount_positive" CHECK ("invoice_waivers"."amount_poisha" > 0),
	CONSTRAINT "invoice_waivers_reason_present" CHECK (length(trim("invoice_waivers"."reason")) > 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"fee_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"amount_poisha" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_fee_student_uq" UNIQUE("fee_id","student_id"),
	CONSTRAINT "invoices_id_school_uq" UNIQUE("id","school_id"),
	CONSTRAINT "invoices_amount_positive" CHECK ("invoices"."amount_poisha" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount_poisha" bigint NOT NULL,
	CONSTRAINT "payment_allocations_once_uq" UNIQUE("payment_id","invoice_id"),
	CONSTRAINT "payment_allocations_not_zero" CHECK ("payment_allocations"."amount_poisha" <> 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"receipt_no" varchar(30) NOT NULL,
	"kind" varchar(12) NOT NULL,
	"method" varchar(16) NOT NULL,
	"reference" varchar(60) DEFAULT '' NOT NULL,
	"amount_poisha" bigint NOT NULL,
	"reverses_payment_id" integer,
	"reason" varchar(300) DEFAULT '' NOT NULL,
	"received_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_receipt_uq" UNIQUE("school_id","receipt_no"),
	CONSTRAINT "payments_id_school_uq" UNIQUE("id","school_id"),
	CONSTRAINT "payments_kind_valid" CHECK ("payments"."kind" in ('payment', 'refund', 'correction')),
	CONSTRAINT "payments_method_valid" CHECK ("payments"."method" in ('cash', 'mobile_wallet', 'bank')),
	CONSTRAINT "payments_sign" CHECK (("payments"."kind" = 'payment' and "payments"."amount_poisha" > 0 and "payments"."reverses_payment_id" is null)
        or ("payments"."kind" <> 'payment' and "payments"."amount_poisha" < 0 and "payments"."reverses_payment_id" is not null)),
	CONSTRAINT "payments_wallet_reference" CHECK ("payments"."method" <> 'mobile_wallet' or length(trim("payments"."reference")) > 0)
);
--> statement-breakpoint
ALTER TABLE "fee_receipt_counters" ADD CONSTRAINT "fee_receipt_counters_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_sectors" ADD CONSTRAINT "fee_sectors_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_session_id_academic_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_sector_id_school_id_fee_sectors_id_school_id_fk" FOREIGN KEY ("sector_id","school_id") REFERENCES "public"."fee_sectors"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_waivers" ADD CONSTRAINT "invoice_waivers_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_waivers" ADD CONSTRAINT "invoice_waivers_invoice_id_school_id_invoices_id_school_id_fk" FOREIGN KEY ("invoice_id","school_id") REFERENCES "public"."invoices"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_fee_id_school_id_fees_id_school_id_fk" FOREIGN KEY ("fee_id","school_id") REFERENCES "public"."fees"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_student_id_school_id_students_id_school_id_fk" FOREIGN KEY ("student_id","school_id") REFERENCES "public"."students"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_school_id_payments_id_school_id_fk" FOREIGN KEY ("payment_id","school_id") REFERENCES "public"."payments"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_invoice_id_school_id_invoices_id_school_id_fk" FOREIGN KEY ("invoice_id","school_id") REFERENCES "public"."invoices"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_received_by_user_id_users_id_fk" FOREIGN KEY ("received_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_student_id_school_id_students_id_school_id_fk" FOREIGN KEY ("student_id","school_id") REFERENCES "public"."students"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reverses_fk" FOREIGN KEY ("reverses_payment_id","school_id") REFERENCES "public"."payments"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fees_school_session_idx" ON "fees" USING btree ("school_id","session_id");--> statement-breakpoint
CREATE INDEX "invoice_waivers_invoice_idx" ON "invoice_waivers" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_student_idx" ON "invoices" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "invoices_school_idx" ON "invoices" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_invoice_idx" ON "payment_allocations" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payments_student_idx" ON "payments" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "payments_school_day_idx" ON "payments" USING btree ("school_id","created_at");