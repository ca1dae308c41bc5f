ALTER TABLE "schools" ADD COLUMN "two_factor_required_by" varchar(12);--> statement-breakpoint
UPDATE "schools" SET "two_factor_required_by" = 'super_admin' WHERE "require_two_factor";--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_two_factor_required_by_valid" CHECK (("require_two_factor" and "two_factor_required_by" in ('super_admin', 'school_admin')) or (not "require_two_factor" and "two_factor_required_by" is null));
