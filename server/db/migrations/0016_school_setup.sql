CREATE TABLE "districts" (
	"id" serial PRIMARY KEY NOT NULL,
	"division_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"name_bn" varchar(60) DEFAULT '' NOT NULL,
	CONSTRAINT "districts_division_name_uq" UNIQUE("division_id","name"),
	CONSTRAINT "districts_id_division_uq" UNIQUE("id","division_id")
);
--> statement-breakpoint
CREATE TABLE "upazilas" (
	"id" serial PRIMARY KEY NOT NULL,
	"district_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"name_bn" varchar(60) DEFAULT '' NOT NULL,
	CONSTRAINT "upazilas_district_name_uq" UNIQUE("district_id","name"),
	CONSTRAINT "upazilas_id_district_uq" UNIQUE("id","district_id")
);
--> statement-breakpoint
ALTER TABLE "divisions" ADD COLUMN "name_bn" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "district_id" integer;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "upazila_id" integer;--> statement-breakpoint
ALTER TABLE "districts" ADD CONSTRAINT "districts_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upazilas" ADD CONSTRAINT "upazilas_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_district_in_division_fk" FOREIGN KEY ("district_id","division_id") REFERENCES "public"."districts"("id","division_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_upazila_in_district_fk" FOREIGN KEY ("upazila_id","district_id") REFERENCES "public"."upazilas"("id","district_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_upazila_needs_district" CHECK ("schools"."upazila_id" is null or "schools"."district_id" is not null);--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_district_needs_division" CHECK ("schools"."district_id" is null or "schools"."division_id" is not null);