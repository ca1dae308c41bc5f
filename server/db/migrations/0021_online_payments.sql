CREATE TABLE "online_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"token" varchar(64) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"wallet" varchar(16) NOT NULL,
	"invoice_ids" integer[] NOT NULL,
	"amount_poisha" bigint NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"provider_txn_id" varchar(60),
	"payment_id" integer,
	"failure" varchar(300) DEFAULT '' NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "online_payments_token_uq" UNIQUE("token"),
	CONSTRAINT "online_payments_provider_txn_uq" UNIQUE("provider","provider_txn_id"),
	CONSTRAINT "online_payments_payment_uq" UNIQUE("payment_id"),
	CONSTRAINT "online_payments_status_valid" CHECK ("online_payments"."status" in ('pending', 'paid', 'cancelled', 'failed')),
	CONSTRAINT "online_payments_wallet_valid" CHECK ("online_payments"."wallet" in ('bkash', 'nagad', 'rocket')),
	CONSTRAINT "online_payments_amount_positive" CHECK ("online_payments"."amount_poisha" > 0),
	CONSTRAINT "online_payments_paid_has_entry" CHECK (("online_payments"."status" = 'paid') = ("online_payments"."payment_id" is not null and "online_payments"."provider_txn_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_student_id_school_id_students_id_school_id_fk" FOREIGN KEY ("student_id","school_id") REFERENCES "public"."students"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_payment_id_school_id_payments_id_school_id_fk" FOREIGN KEY ("payment_id","school_id") REFERENCES "public"."payments"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "online_payments_student_idx" ON "online_payments" USING btree ("student_id","created_at");