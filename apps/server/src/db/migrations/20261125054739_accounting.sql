CREATE TABLE "accounting_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"parent_code" text,
	"grouping_category" char(2) NOT NULL,
	"taxonomy_code" integer,
	"nature" text NOT NULL,
	"party_id" uuid,
	"treasury_account_id" uuid,
	"system" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_accounts_grouping_check" CHECK ("accounting_accounts"."grouping_category" IN ('GR', 'GA', 'GM', 'AR', 'AA', 'AM')),
	CONSTRAINT "accounting_accounts_nature_check" CHECK ("accounting_accounts"."nature" IN ('asset', 'liability', 'equity', 'income', 'expense', 'result', 'analytic'))
);
--> statement-breakpoint
CREATE TABLE "accounting_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"journal_id" uuid NOT NULL,
	"period_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"seq" bigint NOT NULL,
	"reference" text NOT NULL,
	"entry_date" date NOT NULL,
	"description" text NOT NULL,
	"transaction_type" char(1) DEFAULT 'N' NOT NULL,
	"source_type" text NOT NULL,
	"source_id" uuid,
	"reverses_entry_id" uuid,
	"total_debit" bigint NOT NULL,
	"total_credit" bigint NOT NULL,
	"previous_hash" text NOT NULL,
	"hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_entries_balanced_check" CHECK ("accounting_entries"."total_debit" = "accounting_entries"."total_credit"),
	CONSTRAINT "accounting_entries_type_check" CHECK ("accounting_entries"."transaction_type" IN ('N', 'R', 'A', 'J'))
);
--> statement-breakpoint
CREATE TABLE "accounting_entry_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"account_id" uuid NOT NULL,
	"entry_date" date NOT NULL,
	"debit" bigint DEFAULT 0 NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	"currency" char(3),
	"amount_currency" bigint,
	"exchange_rate" numeric(20, 10),
	"description" text,
	"party_id" uuid,
	"tax_region" text,
	"tax_rate_basis_points" integer,
	"tax_base" bigint,
	"source_document_number" text,
	CONSTRAINT "accounting_entry_lines_amount_check" CHECK ("accounting_entry_lines"."debit" >= 0 AND "accounting_entry_lines"."credit" >= 0 AND ("accounting_entry_lines"."debit" = 0 OR "accounting_entry_lines"."credit" = 0))
);
--> statement-breakpoint
CREATE TABLE "accounting_fiscal_years" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_fiscal_years_dates_check" CHECK ("accounting_fiscal_years"."start_date" <= "accounting_fiscal_years"."end_date")
);
--> statement-breakpoint
CREATE TABLE "accounting_imported_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"section" text NOT NULL,
	"document_type" text NOT NULL,
	"document_number" text NOT NULL,
	"atcud" text,
	"status" char(1),
	"document_date" date NOT NULL,
	"system_entry_at" text,
	"party_id" uuid,
	"party_code" text,
	"currency" char(3) NOT NULL,
	"net_total" bigint NOT NULL,
	"tax_payable" bigint NOT NULL,
	"gross_total" bigint NOT NULL,
	"hash" text,
	"hash_control" text,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"settled" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_journals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"last_hash" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_journals_kind_check" CHECK ("accounting_journals"."kind" IN ('sales', 'purchases', 'bank', 'cash', 'general', 'opening'))
);
--> statement-breakpoint
CREATE TABLE "accounting_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" uuid NOT NULL,
	"account_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_mappings_kind_check" CHECK ("accounting_mappings"."source_kind" IN ('category', 'product'))
);
--> statement-breakpoint
CREATE TABLE "accounting_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"fiscal_year_id" uuid NOT NULL,
	"number" smallint NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" uuid,
	CONSTRAINT "accounting_periods_number_check" CHECK ("accounting_periods"."number" BETWEEN 0 AND 16)
);
--> statement-breakpoint
CREATE TABLE "accounting_reconciliation_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"reconciliation_id" uuid NOT NULL,
	"transaction_id" uuid,
	"document_id" uuid,
	"purchase_id" uuid,
	"entry_line_id" uuid,
	"payment_id" uuid,
	"amount" bigint NOT NULL,
	CONSTRAINT "accounting_reconciliation_items_target_check" CHECK (num_nonnulls("accounting_reconciliation_items"."transaction_id", "accounting_reconciliation_items"."document_id", "accounting_reconciliation_items"."purchase_id", "accounting_reconciliation_items"."entry_line_id") = 1),
	CONSTRAINT "accounting_reconciliation_items_amount_check" CHECK ("accounting_reconciliation_items"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "accounting_reconciliation_rejections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"candidate_kind" text NOT NULL,
	"candidate_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_reconciliation_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"counterparty_iban" text,
	"text_contains" text,
	"party_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_reconciliation_rules_condition_check" CHECK ("accounting_reconciliation_rules"."counterparty_iban" IS NOT NULL OR "accounting_reconciliation_rules"."text_contains" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "accounting_reconciliations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"entry_id" uuid,
	"write_off" bigint DEFAULT 0 NOT NULL,
	"write_off_account_id" uuid,
	"score" integer,
	"reasons" jsonb,
	"rule_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" uuid
);
--> statement-breakpoint
CREATE TABLE "accounting_saft_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"sha256" char(64) NOT NULL,
	"storage_key" text,
	"public_key" text,
	"country" char(2),
	"audit_file_version" text,
	"header" jsonb,
	"progress" smallint DEFAULT 0 NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"totals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"report" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"job_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "accounting_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"chart" text NOT NULL,
	"taxonomy_reference" char(1) DEFAULT 'S' NOT NULL,
	"default_accounts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"fiscal_year_start_month" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounting_accounts" ADD CONSTRAINT "accounting_accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_accounts" ADD CONSTRAINT "accounting_accounts_party_id_billing_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."billing_parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_accounts" ADD CONSTRAINT "accounting_accounts_treasury_account_id_treasury_accounts_id_fk" FOREIGN KEY ("treasury_account_id") REFERENCES "public"."treasury_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_entries" ADD CONSTRAINT "accounting_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_entries" ADD CONSTRAINT "accounting_entries_journal_id_accounting_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."accounting_journals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_entries" ADD CONSTRAINT "accounting_entries_period_id_accounting_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."accounting_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_entries" ADD CONSTRAINT "accounting_entries_reverses_entry_id_accounting_entries_id_fk" FOREIGN KEY ("reverses_entry_id") REFERENCES "public"."accounting_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_entries" ADD CONSTRAINT "accounting_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_entry_lines" ADD CONSTRAINT "accounting_entry_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_entry_lines" ADD CONSTRAINT "accounting_entry_lines_entry_id_accounting_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."accounting_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_entry_lines" ADD CONSTRAINT "accounting_entry_lines_account_id_accounting_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounting_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_entry_lines" ADD CONSTRAINT "accounting_entry_lines_party_id_billing_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."billing_parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_fiscal_years" ADD CONSTRAINT "accounting_fiscal_years_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_imported_documents" ADD CONSTRAINT "accounting_imported_documents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_imported_documents" ADD CONSTRAINT "accounting_imported_documents_import_id_accounting_saft_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."accounting_saft_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_imported_documents" ADD CONSTRAINT "accounting_imported_documents_party_id_billing_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."billing_parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_journals" ADD CONSTRAINT "accounting_journals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_mappings" ADD CONSTRAINT "accounting_mappings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_periods" ADD CONSTRAINT "accounting_periods_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_periods" ADD CONSTRAINT "accounting_periods_fiscal_year_id_accounting_fiscal_years_id_fk" FOREIGN KEY ("fiscal_year_id") REFERENCES "public"."accounting_fiscal_years"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_periods" ADD CONSTRAINT "accounting_periods_locked_by_users_id_fk" FOREIGN KEY ("locked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_reconciliation_items" ADD CONSTRAINT "accounting_reconciliation_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_reconciliation_items" ADD CONSTRAINT "accounting_reconciliation_items_reconciliation_id_accounting_reconciliations_id_fk" FOREIGN KEY ("reconciliation_id") REFERENCES "public"."accounting_reconciliations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_reconciliation_items" ADD CONSTRAINT "accounting_reconciliation_items_transaction_id_treasury_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."treasury_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_reconciliation_items" ADD CONSTRAINT "accounting_reconciliation_items_document_id_billing_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."billing_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_reconciliation_items" ADD CONSTRAINT "accounting_reconciliation_items_purchase_id_billing_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."billing_purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_reconciliation_items" ADD CONSTRAINT "accounting_reconciliation_items_entry_line_id_accounting_entry_lines_id_fk" FOREIGN KEY ("entry_line_id") REFERENCES "public"."accounting_entry_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_reconciliation_items" ADD CONSTRAINT "accounting_reconciliation_items_payment_id_billing_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."billing_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_reconciliation_rejections" ADD CONSTRAINT "accounting_reconciliation_rejections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_reconciliation_rejections" ADD CONSTRAINT "accounting_reconciliation_rejections_transaction_id_treasury_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."treasury_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_reconciliation_rejections" ADD CONSTRAINT "accounting_reconciliation_rejections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_reconciliation_rules" ADD CONSTRAINT "accounting_reconciliation_rules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_reconciliation_rules" ADD CONSTRAINT "accounting_reconciliation_rules_party_id_billing_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."billing_parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_reconciliation_rules" ADD CONSTRAINT "accounting_reconciliation_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_reconciliations" ADD CONSTRAINT "accounting_reconciliations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_reconciliations" ADD CONSTRAINT "accounting_reconciliations_entry_id_accounting_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."accounting_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_reconciliations" ADD CONSTRAINT "accounting_reconciliations_write_off_account_id_accounting_accounts_id_fk" FOREIGN KEY ("write_off_account_id") REFERENCES "public"."accounting_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_reconciliations" ADD CONSTRAINT "accounting_reconciliations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_reconciliations" ADD CONSTRAINT "accounting_reconciliations_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_saft_imports" ADD CONSTRAINT "accounting_saft_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_saft_imports" ADD CONSTRAINT "accounting_saft_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_settings" ADD CONSTRAINT "accounting_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_accounts_code_key" ON "accounting_accounts" USING btree ("organization_id","code");--> statement-breakpoint
CREATE INDEX "accounting_accounts_party_idx" ON "accounting_accounts" USING btree ("organization_id","party_id");--> statement-breakpoint
CREATE INDEX "accounting_accounts_treasury_idx" ON "accounting_accounts" USING btree ("organization_id","treasury_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_entries_number_key" ON "accounting_entries" USING btree ("journal_id","period_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_entries_seq_key" ON "accounting_entries" USING btree ("journal_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_entries_reverses_key" ON "accounting_entries" USING btree ("reverses_entry_id");--> statement-breakpoint
CREATE INDEX "accounting_entries_date_idx" ON "accounting_entries" USING btree ("organization_id","entry_date","id");--> statement-breakpoint
CREATE INDEX "accounting_entries_source_idx" ON "accounting_entries" USING btree ("organization_id","source_type","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_entry_lines_position_key" ON "accounting_entry_lines" USING btree ("entry_id","position");--> statement-breakpoint
CREATE INDEX "accounting_entry_lines_account_idx" ON "accounting_entry_lines" USING btree ("organization_id","account_id","entry_date");--> statement-breakpoint
CREATE INDEX "accounting_entry_lines_date_idx" ON "accounting_entry_lines" USING btree ("organization_id","entry_date");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_fiscal_years_year_key" ON "accounting_fiscal_years" USING btree ("organization_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_imported_documents_number_key" ON "accounting_imported_documents" USING btree ("organization_id","section","document_number");--> statement-breakpoint
CREATE INDEX "accounting_imported_documents_date_idx" ON "accounting_imported_documents" USING btree ("organization_id","document_date");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_journals_code_key" ON "accounting_journals" USING btree ("organization_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_mappings_source_key" ON "accounting_mappings" USING btree ("organization_id","source_kind","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_periods_number_key" ON "accounting_periods" USING btree ("fiscal_year_id","number");--> statement-breakpoint
CREATE INDEX "accounting_periods_dates_idx" ON "accounting_periods" USING btree ("organization_id","start_date","end_date");--> statement-breakpoint
CREATE INDEX "accounting_reconciliation_items_reconciliation_idx" ON "accounting_reconciliation_items" USING btree ("reconciliation_id");--> statement-breakpoint
CREATE INDEX "accounting_reconciliation_items_transaction_idx" ON "accounting_reconciliation_items" USING btree ("organization_id","transaction_id");--> statement-breakpoint
CREATE INDEX "accounting_reconciliation_items_document_idx" ON "accounting_reconciliation_items" USING btree ("organization_id","document_id");--> statement-breakpoint
CREATE INDEX "accounting_reconciliation_items_purchase_idx" ON "accounting_reconciliation_items" USING btree ("organization_id","purchase_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_reconciliation_rejections_key" ON "accounting_reconciliation_rejections" USING btree ("organization_id","transaction_id","candidate_kind","candidate_id");--> statement-breakpoint
CREATE INDEX "accounting_reconciliation_rules_org_idx" ON "accounting_reconciliation_rules" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "accounting_reconciliations_org_idx" ON "accounting_reconciliations" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "accounting_saft_imports_org_idx" ON "accounting_saft_imports" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_saft_imports_done_key" ON "accounting_saft_imports" USING btree ("organization_id","sha256") WHERE state = 'done';