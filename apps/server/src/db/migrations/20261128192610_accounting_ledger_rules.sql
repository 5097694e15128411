-- The journal's invariants, enforced by the database whatever the code does (docs/accounting-ledger.md):
-- 1. Posted entries and their lines are append-only: no UPDATE, no DELETE. The only writes let through
--    are the ones PostgreSQL's foreign keys make on their own when what an entry points at goes away:
--    the whole organization being deleted (cascade), and `created_by` / `party_id` set to null when that
--    user or party is deleted (neither is covered by the entry's hash).
-- 2. A locked period takes no entry and no line; an entry's date lies within its period, and each
--    line carries its entry's date.
-- 3. At commit, every entry's lines add up to its total_debit and total_credit (which are equal: check
--    constraint accounting_entries_balanced_check), and an entry has lines.
CREATE OR REPLACE FUNCTION fluxo_accounting_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  column_name text;
  old_row jsonb;
  new_row jsonb;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    -- The one column a foreign key may null when what it names is deleted (not covered by the hash).
    column_name := CASE WHEN TG_TABLE_NAME = 'accounting_entries' THEN 'created_by' ELSE 'party_id' END;
    old_row := to_jsonb(OLD);
    new_row := to_jsonb(NEW);
    IF new_row ->> column_name IS NULL AND old_row ->> column_name IS NOT NULL
      AND (new_row - column_name) = (old_row - column_name)
      AND NOT EXISTS (SELECT 1 FROM users WHERE id = (old_row ->> column_name)::uuid)
      AND NOT EXISTS (SELECT 1 FROM billing_parties WHERE id = (old_row ->> column_name)::uuid) THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'ENTRY_APPEND_ONLY: % on % refused: posted entries never change (post a reversal)', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER accounting_entries_append_only
  BEFORE UPDATE OR DELETE ON accounting_entries
  FOR EACH ROW EXECUTE FUNCTION fluxo_accounting_append_only();
--> statement-breakpoint
CREATE TRIGGER accounting_entry_lines_append_only
  BEFORE UPDATE OR DELETE ON accounting_entry_lines
  FOR EACH ROW EXECUTE FUNCTION fluxo_accounting_append_only();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fluxo_accounting_entry_period() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  period record;
BEGIN
  SELECT p.locked_at, p.start_date, p.end_date, p.organization_id INTO period
    FROM accounting_periods p WHERE p.id = NEW.period_id;
  IF period.organization_id IS DISTINCT FROM NEW.organization_id THEN
    RAISE EXCEPTION 'ENTRY_PERIOD_MISMATCH: the period belongs to another organization' USING ERRCODE = 'P0001';
  END IF;
  IF period.locked_at IS NOT NULL THEN
    RAISE EXCEPTION 'PERIOD_LOCKED: the period of % is locked', NEW.entry_date USING ERRCODE = 'P0001';
  END IF;
  IF NEW.entry_date < period.start_date OR NEW.entry_date > period.end_date THEN
    RAISE EXCEPTION 'ENTRY_PERIOD_MISMATCH: % is outside its period (% to %)', NEW.entry_date,
      period.start_date, period.end_date USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER accounting_entries_period
  BEFORE INSERT ON accounting_entries
  FOR EACH ROW EXECUTE FUNCTION fluxo_accounting_entry_period();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fluxo_accounting_line_period() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  entry record;
BEGIN
  SELECT e.entry_date, e.organization_id, p.locked_at INTO entry
    FROM accounting_entries e JOIN accounting_periods p ON p.id = e.period_id
    WHERE e.id = NEW.entry_id;
  IF entry.organization_id IS DISTINCT FROM NEW.organization_id OR entry.entry_date IS DISTINCT FROM NEW.entry_date THEN
    RAISE EXCEPTION 'ENTRY_LINE_MISMATCH: a line carries its entry''s organization and date' USING ERRCODE = 'P0001';
  END IF;
  IF entry.locked_at IS NOT NULL THEN
    RAISE EXCEPTION 'PERIOD_LOCKED: the period of % is locked', NEW.entry_date USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER accounting_entry_lines_period
  BEFORE INSERT ON accounting_entry_lines
  FOR EACH ROW EXECUTE FUNCTION fluxo_accounting_line_period();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fluxo_accounting_entry_balanced() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  target uuid;
  entry record;
  sums record;
BEGIN
  IF TG_TABLE_NAME = 'accounting_entries' THEN
    target := NEW.id;
  ELSE
    target := NEW.entry_id;
  END IF;
  SELECT total_debit, total_credit INTO entry FROM accounting_entries WHERE accounting_entries.id = target;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT count(*) AS n, coalesce(sum(debit), 0) AS debit, coalesce(sum(credit), 0) AS credit INTO sums
    FROM accounting_entry_lines WHERE entry_id = target;
  IF sums.n = 0 OR sums.debit <> entry.total_debit OR sums.credit <> entry.total_credit THEN
    RAISE EXCEPTION 'ENTRY_UNBALANCED: entry % has lines of debit % and credit % for totals % / %', target,
      sums.debit, sums.credit, entry.total_debit, entry.total_credit USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER accounting_entries_balanced
  AFTER INSERT ON accounting_entries DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION fluxo_accounting_entry_balanced();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER accounting_entry_lines_balanced
  AFTER INSERT ON accounting_entry_lines DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION fluxo_accounting_entry_balanced();
