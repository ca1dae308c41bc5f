ALTER TABLE "payments" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "online_payments" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "online_payments" SET "is_test" = true WHERE "provider" = 'sandbox';--> statement-breakpoint
UPDATE "payments" SET "is_test" = true WHERE "id" IN (SELECT "payment_id" FROM "online_payments" WHERE "is_test" AND "payment_id" IS NOT NULL) OR "reverses_payment_id" IN (SELECT "payment_id" FROM "online_payments" WHERE "is_test" AND "payment_id" IS NOT NULL);--> statement-breakpoint
DELETE FROM "payment_allocations" WHERE "payment_id" IN (SELECT "id" FROM "payments" WHERE "is_test");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_test_is_wallet" CHECK (not "payments"."is_test" or "payments"."method" = 'mobile_wallet');
