CREATE TABLE "sms_auto_settings" (
	"school_id" integer NOT NULL,
	"purpose" varchar(20) NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"template_en" varchar(1000),
	"template_bn" varchar(1000),
	"days_before" smallint DEFAULT 3 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_auto_settings_school_id_purpose_pk" PRIMARY KEY("school_id","purpose")
);
--> statement-breakpoint
CREATE TABLE "sms_campaigns" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"kind" varchar(20) DEFAULT 'general' NOT NULL,
	"template" varchar(1000) NOT NULL,
	"language" varchar(2) NOT NULL,
	"audience" jsonb NOT NULL,
	"recipients" integer NOT NULL,
	"parts" integer NOT NULL,
	"send_after" timestamp with time zone,
	"urgent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_campaigns_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"guardian_id" integer NOT NULL,
	"purpose" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_opt_outs_guardian_id_purpose_pk" PRIMARY KEY("guardian_id","purpose")
);
--> statement-breakpoint
CREATE TABLE "sms_quotas" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"monthly_limit" integer NOT NULL,
	"bought" integer DEFAULT 0 NOT NULL,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_quotas_limit_range" CHECK ("sms_quotas"."monthly_limit" >= 0),
	CONSTRAINT "sms_quotas_bought_range" CHECK ("sms_quotas"."bought" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sms_topups" (
	"id" serial NOT NULL,
	"school_id" integer NOT NULL,
	"token" varchar(64) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"parts" integer NOT NULL,
	"amount_poisha" bigint NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"provider_txn_id" varchar(60),
	"is_test" boolean DEFAULT false NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "sms_topups_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "sms_topups_token_uq" UNIQUE("school_id","token"),
	CONSTRAINT "sms_topups_provider_txn_uq" UNIQUE("school_id","provider","provider_txn_id"),
	CONSTRAINT "sms_topups_status_valid" CHECK ("sms_topups"."status" in ('pending', 'paid', 'cancelled', 'failed')),
	CONSTRAINT "sms_topups_parts_positive" CHECK ("sms_topups"."parts" > 0)
);
--> statement-breakpoint
CREATE TABLE "sms_usage" (
	"school_id" integer NOT NULL,
	"month" date NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sms_usage_school_id_month_pk" PRIMARY KEY("school_id","month"),
	CONSTRAINT "sms_usage_used_range" CHECK ("sms_usage"."used" >= 0)
);
--> statement-breakpoint
ALTER TABLE "message_outbox" DROP CONSTRAINT "message_outbox_status_valid";--> statement-breakpoint
ALTER TABLE "message_outbox" ALTER COLUMN "enrolment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "message_outbox" ALTER COLUMN "routine_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "guardian_id" integer;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "campaign_id" integer;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "send_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "urgent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "dedupe_key" varchar(120);--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "waiting" varchar(12);--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "parts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "charged_month" date;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "charged_limit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "charged_bought" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "provider_message_id" varchar(64);--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_auto_settings" ADD CONSTRAINT "sms_auto_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_campaigns" ADD CONSTRAINT "sms_campaigns_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_campaigns" ADD CONSTRAINT "sms_campaigns_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_opt_outs" ADD CONSTRAINT "sms_opt_outs_guardian_id_guardians_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_quotas" ADD CONSTRAINT "sms_quotas_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_quotas" ADD CONSTRAINT "sms_quotas_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_topups" ADD CONSTRAINT "sms_topups_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_topups" ADD CONSTRAINT "sms_topups_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_usage" ADD CONSTRAINT "sms_usage_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_campaigns_school_idx" ON "sms_campaigns" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_topups_school_idx" ON "sms_topups" USING btree ("school_id","created_at");--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_guardian_id_guardians_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_campaign_fk" FOREIGN KEY ("school_id","campaign_id") REFERENCES "public"."sms_campaigns"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_outbox_provider_id_uq" ON "message_outbox" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "message_outbox_campaign_idx" ON "message_outbox" USING btree ("campaign_id");--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_dedupe_uq" UNIQUE("school_id","dedupe_key");--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_absence_has_period" CHECK ("message_outbox"."kind" <> 'absence' or ("message_outbox"."routine_id" is not null and "message_outbox"."enrolment_id" is not null));--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_parts_split" CHECK ("message_outbox"."charged_limit" + "message_outbox"."charged_bought" = "message_outbox"."parts");--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_status_valid" CHECK ("message_outbox"."status" in ('queued', 'sent', 'delivered', 'failed', 'cancelled'));