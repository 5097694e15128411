CREATE TABLE "billing_document_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid,
	"product_code" text NOT NULL,
	"description" text NOT NULL,
	"unit" text DEFAULT 'UN' NOT NULL,
	"quantity" bigint NOT NULL,
	"unit_price" bigint NOT NULL,
	"discount_basis_points" integer DEFAULT 0 NOT NULL,
	"tax_region" text NOT NULL,
	"tax_code" text NOT NULL,
	"vat_basis_points" integer NOT NULL,
	"exemption_code" text,
	"subject_to_withholding" boolean DEFAULT false NOT NULL,
	"net" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"document_type" text NOT NULL,
	"series_id" uuid NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"status" char(1),
	"number" integer,
	"document_number" text,
	"atcud" text,
	"party_id" uuid NOT NULL,
	"party_snapshot" jsonb,
	"document_date" date NOT NULL,
	"due_date" date,
	"system_entry_at" timestamp with time zone,
	"tax_region" text NOT NULL,
	"currency" char(3) NOT NULL,
	"exchange_rate" numeric(20, 10) DEFAULT '1' NOT NULL,
	"net_total" bigint DEFAULT 0 NOT NULL,
	"tax_payable" bigint DEFAULT 0 NOT NULL,
	"gross_total" bigint DEFAULT 0 NOT NULL,
	"withholding" bigint DEFAULT 0 NOT NULL,
	"withholding_basis_points" integer DEFAULT 0 NOT NULL,
	"settled" bigint DEFAULT 0 NOT NULL,
	"hash" text,
	"hash_control" text,
	"qr_code" text,
	"reference_document_id" uuid,
	"reason" text,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"notes" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_documents_state_check" CHECK ("billing_documents"."state" IN ('draft', 'issued')),
	CONSTRAINT "billing_documents_issued_check" CHECK ("billing_documents"."state" = 'draft' OR ("billing_documents"."number" IS NOT NULL AND "billing_documents"."hash" IS NOT NULL AND "billing_documents"."system_entry_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "billing_parties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"is_customer" boolean DEFAULT true NOT NULL,
	"is_supplier" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"tax_id" text NOT NULL,
	"country" char(2) NOT NULL,
	"address" text,
	"postal_code" text,
	"city" text,
	"email" text,
	"phone" text,
	"iban" text,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"language" text DEFAULT 'pt' NOT NULL,
	"merchant_id" uuid,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"product_type" char(1) NOT NULL,
	"unit" text DEFAULT 'UN' NOT NULL,
	"unit_price" bigint NOT NULL,
	"tax_code" text DEFAULT 'NOR' NOT NULL,
	"exemption_code" text,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_products_type_check" CHECK ("billing_products"."product_type" IN ('P', 'S', 'O', 'E', 'I')),
	CONSTRAINT "billing_products_tax_code_check" CHECK ("billing_products"."tax_code" IN ('NOR', 'INT', 'RED', 'ISE'))
);
--> statement-breakpoint
CREATE TABLE "billing_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"document_type" text NOT NULL,
	"code" text NOT NULL,
	"series_type" char(1) NOT NULL,
	"validation_code" text,
	"next_number" integer DEFAULT 1 NOT NULL,
	"last_hash" text DEFAULT '' NOT NULL,
	"last_document_date" date,
	"last_system_entry_at" timestamp with time zone,
	"closed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_series_type_check" CHECK ("billing_series"."series_type" IN ('N', 'F', 'R'))
);
--> statement-breakpoint
ALTER TABLE "billing_document_lines" ADD CONSTRAINT "billing_document_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_document_lines" ADD CONSTRAINT "billing_document_lines_document_id_billing_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."billing_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_document_lines" ADD CONSTRAINT "billing_document_lines_product_id_billing_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."billing_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_series_id_billing_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."billing_series"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_party_id_billing_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."billing_parties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_parties" ADD CONSTRAINT "billing_parties_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_parties" ADD CONSTRAINT "billing_parties_merchant_id_treasury_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."treasury_merchants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_products" ADD CONSTRAINT "billing_products_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_series" ADD CONSTRAINT "billing_series_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_document_lines_position_key" ON "billing_document_lines" USING btree ("document_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_number_key" ON "billing_documents" USING btree ("series_id","number");--> statement-breakpoint
CREATE INDEX "billing_documents_list_idx" ON "billing_documents" USING btree ("organization_id","document_date","id");--> statement-breakpoint
CREATE INDEX "billing_documents_party_idx" ON "billing_documents" USING btree ("organization_id","party_id");--> statement-breakpoint
CREATE INDEX "billing_parties_organization_idx" ON "billing_parties" USING btree ("organization_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_parties_tax_id_key" ON "billing_parties" USING btree ("organization_id","country","tax_id") WHERE tax_id NOT IN ('999999990', '999999999');--> statement-breakpoint
CREATE UNIQUE INDEX "billing_products_code_key" ON "billing_products" USING btree ("organization_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_series_code_key" ON "billing_series" USING btree ("organization_id","document_type","code");