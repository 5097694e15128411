CREATE TABLE "billing_payment_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"document_id" uuid,
	"purchase_id" uuid,
	"amount" bigint NOT NULL,
	CONSTRAINT "billing_payment_allocations_target_check" CHECK (("billing_payment_allocations"."document_id" IS NULL) <> ("billing_payment_allocations"."purchase_id" IS NULL)),
	CONSTRAINT "billing_payment_allocations_amount_check" CHECK ("billing_payment_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "billing_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"party_id" uuid NOT NULL,
	"receipt_id" uuid,
	"payment_date" date NOT NULL,
	"currency" char(3) NOT NULL,
	"amount" bigint NOT NULL,
	"method" text NOT NULL,
	"transaction_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_payments_direction_check" CHECK ("billing_payments"."direction" IN ('in', 'out')),
	CONSTRAINT "billing_payments_amount_check" CHECK ("billing_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "billing_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"party_id" uuid NOT NULL,
	"document_type" text NOT NULL,
	"document_number" text NOT NULL,
	"atcud" text,
	"document_date" date NOT NULL,
	"due_date" date,
	"currency" char(3) NOT NULL,
	"net_total" bigint NOT NULL,
	"tax_payable" bigint NOT NULL,
	"gross_total" bigint NOT NULL,
	"withholding" bigint DEFAULT 0 NOT NULL,
	"taxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"qr_code" text,
	"file_name" text,
	"content_type" text,
	"storage_key" text,
	"state" text DEFAULT 'open' NOT NULL,
	"settled" bigint DEFAULT 0 NOT NULL,
	"notes" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_purchases_state_check" CHECK ("billing_purchases"."state" IN ('open', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "billing_schedule_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"run_date" date NOT NULL,
	"document_id" uuid,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"party_id" uuid NOT NULL,
	"series_id" uuid NOT NULL,
	"document_type" text NOT NULL,
	"rrule" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"next_date" date,
	"action" text DEFAULT 'issue' NOT NULL,
	"send_email" boolean DEFAULT false NOT NULL,
	"template" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_schedules_action_check" CHECK ("billing_schedules"."action" IN ('issue', 'draft'))
);
--> statement-breakpoint
CREATE TABLE "billing_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"multibanco_entity" text,
	"document_footer" text,
	"reminder_after_days" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_documents" ADD COLUMN "language" text DEFAULT 'pt' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD COLUMN "mb_entity" text;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD COLUMN "mb_reference" text;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD COLUMN "emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD COLUMN "schedule_id" uuid;--> statement-breakpoint
ALTER TABLE "billing_payment_allocations" ADD CONSTRAINT "billing_payment_allocations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payment_allocations" ADD CONSTRAINT "billing_payment_allocations_payment_id_billing_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."billing_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payment_allocations" ADD CONSTRAINT "billing_payment_allocations_document_id_billing_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."billing_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payment_allocations" ADD CONSTRAINT "billing_payment_allocations_purchase_id_billing_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."billing_purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_party_id_billing_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."billing_parties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_receipt_id_billing_documents_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."billing_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_transaction_id_treasury_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."treasury_transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_purchases" ADD CONSTRAINT "billing_purchases_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_purchases" ADD CONSTRAINT "billing_purchases_party_id_billing_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."billing_parties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_purchases" ADD CONSTRAINT "billing_purchases_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_schedule_runs" ADD CONSTRAINT "billing_schedule_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_schedule_runs" ADD CONSTRAINT "billing_schedule_runs_schedule_id_billing_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."billing_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_schedule_runs" ADD CONSTRAINT "billing_schedule_runs_document_id_billing_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."billing_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_schedules" ADD CONSTRAINT "billing_schedules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_schedules" ADD CONSTRAINT "billing_schedules_party_id_billing_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."billing_parties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_schedules" ADD CONSTRAINT "billing_schedules_series_id_billing_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."billing_series"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_schedules" ADD CONSTRAINT "billing_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_payment_allocations_payment_idx" ON "billing_payment_allocations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "billing_payment_allocations_document_idx" ON "billing_payment_allocations" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "billing_payment_allocations_purchase_idx" ON "billing_payment_allocations" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "billing_payments_party_idx" ON "billing_payments" USING btree ("organization_id","party_id","payment_date");--> statement-breakpoint
CREATE INDEX "billing_payments_transaction_idx" ON "billing_payments" USING btree ("organization_id","transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_purchases_number_key" ON "billing_purchases" USING btree ("organization_id","party_id","document_number");--> statement-breakpoint
CREATE INDEX "billing_purchases_list_idx" ON "billing_purchases" USING btree ("organization_id","document_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_schedule_runs_key" ON "billing_schedule_runs" USING btree ("schedule_id","run_date");--> statement-breakpoint
CREATE INDEX "billing_schedules_due_idx" ON "billing_schedules" USING btree ("active","next_date");--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_schedule_id_billing_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."billing_schedules"("id") ON DELETE set null ON UPDATE no action;