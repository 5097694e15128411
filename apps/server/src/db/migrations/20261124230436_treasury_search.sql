-- The movements' text filter (search_text LIKE '%…%', case and accents already folded at write) reads a
-- trigram index instead of scanning every movement of the organization.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "treasury_transactions_search_idx" ON "treasury_transactions" USING gin ("search_text" gin_trgm_ops);
