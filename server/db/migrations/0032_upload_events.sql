CREATE TABLE "upload_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_events" ADD CONSTRAINT "upload_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_events_user_idx" ON "upload_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "homework_file_idx" ON "homework" USING btree ("file_sha256");--> statement-breakpoint
CREATE INDEX "homework_submissions_file_idx" ON "homework_submissions" USING btree ("file_sha256");--> statement-breakpoint
CREATE INDEX "ebooks_file_idx" ON "ebooks" USING btree ("file_sha256");
