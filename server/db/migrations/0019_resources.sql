CREATE TABLE "ebooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"class_id" integer,
	"subject_id" integer,
	"file_sha256" varchar(64) NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"file_type" varchar(120) NOT NULL,
	"file_size" integer NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ebooks_title_present" CHECK (length(trim("ebooks"."title")) > 0)
);
--> statement-breakpoint
CREATE TABLE "important_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"url" varchar(2000) NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "important_links_title_present" CHECK (length(trim("important_links"."title")) > 0),
	CONSTRAINT "important_links_url_http" CHECK ("important_links"."url" ~* '^https?://')
);
--> statement-breakpoint
CREATE TABLE "library_books" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"author" varchar(200) DEFAULT '' NOT NULL,
	"category" varchar(80) DEFAULT '' NOT NULL,
	"copies" integer NOT NULL,
	"on_loan" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_books_id_school_uq" UNIQUE("id","school_id"),
	CONSTRAINT "library_books_title_present" CHECK (length(trim("library_books"."title")) > 0),
	CONSTRAINT "library_books_copies_range" CHECK ("library_books"."copies" >= 0 and "library_books"."copies" <= 10000),
	CONSTRAINT "library_books_on_loan_range" CHECK ("library_books"."on_loan" >= 0 and "library_books"."on_loan" <= "library_books"."copies")
);
--> statement-breakpoint
CREATE TABLE "library_loans" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"book_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"issued_on" date NOT NULL,
	"due_date" date NOT NULL,
	"returned_on" date,
	"issued_by_user_id" integer,
	"returned_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_loans_due_after_issue" CHECK ("library_loans"."due_date" >= "library_loans"."issued_on"),
	CONSTRAINT "library_loans_return_after_issue" CHECK ("library_loans"."returned_on" is null or "library_loans"."returned_on" >= "library_loans"."issued_on")
);
--> statement-breakpoint
ALTER TABLE "ebooks" ADD CONSTRAINT "ebooks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebooks" ADD CONSTRAINT "ebooks_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebooks" ADD CONSTRAINT "ebooks_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebooks" ADD CONSTRAINT "ebooks_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "important_links" ADD CONSTRAINT "important_links_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_books" ADD CONSTRAINT "library_books_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_loans" ADD CONSTRAINT "library_loans_issued_by_user_id_users_id_fk" FOREIGN KEY ("issued_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_loans" ADD CONSTRAINT "library_loans_returned_by_user_id_users_id_fk" FOREIGN KEY ("returned_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_loans" ADD CONSTRAINT "library_loans_book_fk" FOREIGN KEY ("book_id","school_id") REFERENCES "public"."library_books"("id","school_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_loans" ADD CONSTRAINT "library_loans_student_fk" FOREIGN KEY ("student_id","school_id") REFERENCES "public"."students"("id","school_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ebooks_school_idx" ON "ebooks" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "important_links_school_idx" ON "important_links" USING btree ("school_id","title");--> statement-breakpoint
CREATE INDEX "library_books_school_title_idx" ON "library_books" USING btree ("school_id","title");--> statement-breakpoint
CREATE UNIQUE INDEX "library_loans_one_open_uq" ON "library_loans" USING btree ("book_id","student_id") WHERE "library_loans"."returned_on" is null;--> statement-breakpoint
CREATE INDEX "library_loans_student_idx" ON "library_loans" USING btree ("student_id","returned_on");--> statement-breakpoint
CREATE INDEX "library_loans_school_open_idx" ON "library_loans" USING btree ("school_id","returned_on","due_date");