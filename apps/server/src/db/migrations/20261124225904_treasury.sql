CREATE TABLE "treasury_account_members" (
	"account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	CONSTRAINT "treasury_account_members_account_id_user_id_pk" PRIMARY KEY("account_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "treasury_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"institution" text,
	"iban" text,
	"bic" text,
	"currency" char(3) NOT NULL,
	"opening_balance" bigint DEFAULT 0 NOT NULL,
	"opening_date" date NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"visibility" text DEFAULT 'all' NOT NULL,
	"connection_id" uuid,
	"provider_account_id" text,
	"sync_status" text,
	"sync_error" text,
	"last_synced_at" timestamp with time zone,
	"bank_balance" bigint,
	"bank_balance_date" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "treasury_accounts_kind_check" CHECK ("treasury_accounts"."kind" in ('bank', 'cash', 'card', 'pos')),
	CONSTRAINT "treasury_accounts_visibility_check" CHECK ("treasury_accounts"."visibility" in ('all', 'restricted'))
);
--> statement-breakpoint
CREATE TABLE "treasury_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"parent_id" uuid,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"account_code" text,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "treasury_categories_kind_check" CHECK ("treasury_categories"."kind" in ('income', 'expense'))
);
--> statement-breakpoint
CREATE TABLE "treasury_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treasury_import_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"header_signature" text NOT NULL,
	"account_id" uuid,
	"mapping" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treasury_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"format" text NOT NULL,
	"file_name" text,
	"file_sha256" text,
	"status" text DEFAULT 'processing' NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"rejected" jsonb,
	"statement_opening_balance" bigint,
	"statement_closing_balance" bigint,
	"balance_note" text,
	"period_from" date,
	"period_to" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "treasury_merchants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"vat_number" text,
	"default_category_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treasury_pos_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"batch_date" date NOT NULL,
	"reference" text NOT NULL,
	"sales_count" integer NOT NULL,
	"gross" bigint NOT NULL,
	"fees" bigint NOT NULL,
	"net" bigint NOT NULL,
	"expected_settlement_date" date,
	"settlement_transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "treasury_pos_batches_net_check" CHECK ("treasury_pos_batches"."net" = "treasury_pos_batches"."gross" - "treasury_pos_batches"."fees")
);
--> statement-breakpoint
CREATE TABLE "treasury_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"priority" integer DEFAULT 100 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"conditions" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treasury_transaction_parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"amount" bigint NOT NULL,
	"category_id" uuid,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "treasury_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"organization_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"booking_date" date NOT NULL,
	"value_date" date,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"balance_after" bigint DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"counterparty_name" text,
	"counterparty_iban" text,
	"remittance_info" text,
	"end_to_end_id" text,
	"bank_reference" text,
	"provider_transaction_id" text,
	"dedupe_key" text NOT NULL,
	"source" text NOT NULL,
	"import_id" uuid,
	"category_id" uuid,
	"merchant_id" uuid,
	"notes" text,
	"transfer_transaction_id" uuid,
	"is_split" boolean DEFAULT false NOT NULL,
	"document_count" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "treasury_transactions_source_check" CHECK ("treasury_transactions"."source" in ('manual', 'import', 'sync', 'pos'))
);
--> statement-breakpoint
ALTER TABLE "bank_connections" ADD COLUMN "provider" text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_connections" ADD COLUMN "provider_reference" text;--> statement-breakpoint
ALTER TABLE "bank_connections" ADD COLUMN "consent_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_connections" ADD COLUMN "last_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_connections" ADD COLUMN "last_sync_error" text;--> statement-breakpoint
ALTER TABLE "treasury_account_members" ADD CONSTRAINT "treasury_account_members_account_id_treasury_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."treasury_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_account_members" ADD CONSTRAINT "treasury_account_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_account_members" ADD CONSTRAINT "treasury_account_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_accounts" ADD CONSTRAINT "treasury_accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_accounts" ADD CONSTRAINT "treasury_accounts_connection_id_bank_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."bank_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_accounts" ADD CONSTRAINT "treasury_accounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_categories" ADD CONSTRAINT "treasury_categories_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_documents" ADD CONSTRAINT "treasury_documents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_documents" ADD CONSTRAINT "treasury_documents_transaction_id_treasury_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."treasury_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_documents" ADD CONSTRAINT "treasury_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_import_profiles" ADD CONSTRAINT "treasury_import_profiles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_import_profiles" ADD CONSTRAINT "treasury_import_profiles_account_id_treasury_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."treasury_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_imports" ADD CONSTRAINT "treasury_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_imports" ADD CONSTRAINT "treasury_imports_account_id_treasury_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."treasury_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_imports" ADD CONSTRAINT "treasury_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_merchants" ADD CONSTRAINT "treasury_merchants_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_merchants" ADD CONSTRAINT "treasury_merchants_default_category_id_treasury_categories_id_fk" FOREIGN KEY ("default_category_id") REFERENCES "public"."treasury_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_pos_batches" ADD CONSTRAINT "treasury_pos_batches_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_pos_batches" ADD CONSTRAINT "treasury_pos_batches_account_id_treasury_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."treasury_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_pos_batches" ADD CONSTRAINT "treasury_pos_batches_settlement_transaction_id_treasury_transactions_id_fk" FOREIGN KEY ("settlement_transaction_id") REFERENCES "public"."treasury_transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_rules" ADD CONSTRAINT "treasury_rules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_transaction_parts" ADD CONSTRAINT "treasury_transaction_parts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_transaction_parts" ADD CONSTRAINT "treasury_transaction_parts_transaction_id_treasury_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."treasury_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_transaction_parts" ADD CONSTRAINT "treasury_transaction_parts_category_id_treasury_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."treasury_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_transactions" ADD CONSTRAINT "treasury_transactions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_transactions" ADD CONSTRAINT "treasury_transactions_account_id_treasury_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."treasury_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_transactions" ADD CONSTRAINT "treasury_transactions_import_id_treasury_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."treasury_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_transactions" ADD CONSTRAINT "treasury_transactions_category_id_treasury_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."treasury_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_transactions" ADD CONSTRAINT "treasury_transactions_merchant_id_treasury_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."treasury_merchants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_transactions" ADD CONSTRAINT "treasury_transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "treasury_account_members_user_idx" ON "treasury_account_members" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE INDEX "treasury_accounts_organization_idx" ON "treasury_accounts" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "treasury_accounts_provider_key" ON "treasury_accounts" USING btree ("organization_id","connection_id","provider_account_id") WHERE provider_account_id is not null;--> statement-breakpoint
CREATE INDEX "treasury_categories_organization_idx" ON "treasury_categories" USING btree ("organization_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "treasury_categories_code_key" ON "treasury_categories" USING btree ("organization_id","code") WHERE code is not null;--> statement-breakpoint
CREATE INDEX "treasury_documents_transaction_idx" ON "treasury_documents" USING btree ("organization_id","transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "treasury_import_profiles_signature_key" ON "treasury_import_profiles" USING btree ("organization_id","header_signature");--> statement-breakpoint
CREATE INDEX "treasury_imports_account_idx" ON "treasury_imports" USING btree ("organization_id","account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "treasury_merchants_name_key" ON "treasury_merchants" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "treasury_pos_batches_reference_key" ON "treasury_pos_batches" USING btree ("account_id","reference");--> statement-breakpoint
CREATE INDEX "treasury_pos_batches_date_idx" ON "treasury_pos_batches" USING btree ("organization_id","batch_date");--> statement-breakpoint
CREATE INDEX "treasury_rules_organization_idx" ON "treasury_rules" USING btree ("organization_id","priority");--> statement-breakpoint
CREATE UNIQUE INDEX "treasury_transaction_parts_position_key" ON "treasury_transaction_parts" USING btree ("transaction_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "treasury_transactions_dedupe_key" ON "treasury_transactions" USING btree ("account_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "treasury_transactions_list_idx" ON "treasury_transactions" USING btree ("organization_id","booking_date","seq");--> statement-breakpoint
CREATE INDEX "treasury_transactions_account_idx" ON "treasury_transactions" USING btree ("account_id","booking_date","seq");--> statement-breakpoint
CREATE INDEX "treasury_transactions_amount_idx" ON "treasury_transactions" USING btree ("organization_id","amount");--> statement-breakpoint
CREATE INDEX "treasury_transactions_category_idx" ON "treasury_transactions" USING btree ("organization_id","category_id");