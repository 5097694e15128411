ALTER TABLE "treasury_imports" ADD COLUMN "account_balance_at_end" bigint;--> statement-breakpoint
ALTER TABLE "treasury_imports" ADD COLUMN "balance_matches" boolean;