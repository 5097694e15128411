ALTER TABLE "organizations" ADD COLUMN "vat_regime" text DEFAULT 'monthly' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "accounting_regime" text DEFAULT 'organized' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "fiscal_year_start_month" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Hand-written: the fiscal settings admit only the values the contracts name.
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_vat_regime_check" CHECK ("vat_regime" IN ('monthly', 'quarterly'));--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_accounting_regime_check" CHECK ("accounting_regime" IN ('organized', 'simplified'));--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_fiscal_year_start_month_check" CHECK ("fiscal_year_start_month" BETWEEN 1 AND 12);
