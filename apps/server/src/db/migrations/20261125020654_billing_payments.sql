ALTER TABLE "billing_payments" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD COLUMN "cancel_reason" text;