ALTER TABLE "security_audit" ALTER COLUMN "subject_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "security_audit" ADD COLUMN "school_id" integer;--> statement-breakpoint
ALTER TABLE "security_audit" ADD COLUMN "detail" jsonb;--> statement-breakpoint
ALTER TABLE "security_audit" ADD CONSTRAINT "security_audit_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "security_audit_school_idx" ON "security_audit" USING btree ("school_id","at");