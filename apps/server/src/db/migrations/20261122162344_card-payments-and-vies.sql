CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payment_id" uuid,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vies_checks" (
	"country" char(2) NOT NULL,
	"vat_number" text NOT NULL,
	"valid" boolean NOT NULL,
	"name" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vies_checks_country_vat_number_pk" PRIMARY KEY("country","vat_number")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_session_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_checkout_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_checkout_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD CONSTRAINT "stripe_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;