import type { ReconciliationReason, ReconciliationReasonCode, ReconciliationTargetKind } from '@fluxo/domain';

// Why a candidate fits a bank movement, and how much. Pure: the SQL in suggestions.ts only proposes
// pairs (an indexed join on amount, reference, IBAN, NIF, rule or history); every reason and the score
// are decided here, so the ranking is the same whichever join found the pair, and tested by hand.

/** Points of each reason; the score is their sum, capped at 100. */
export const REASON_POINTS: Record<ReconciliationReasonCode, number> = {
  rule: 50,
  exact_amount: 30,
  near_amount: 12,
  due_date_window: 10,
  multibanco_reference: 40,
  document_number: 30,
  atcud: 40,
  end_to_end_id: 35,
  counterparty_iban: 25,
  tax_id: 20,
  name_similarity: 15,
  past_behaviour: 10,
};

/** A difference within this share of the movement (or 1.00) is "near": a bank fee, a rounding. */
export const NEAR_AMOUNT_RATIO = 0.02;
export const NEAR_AMOUNT_FLOOR = 100;
/** Days before and after the due date a payment is expected in. */
export const DUE_WINDOW_BEFORE = 10;
export const DUE_WINDOW_AFTER = 30;

export interface ScoredMovement {
  /** Signed minor units. */
  amount: number;
  /** Not yet reconciled, positive. */
  open: number;
  bookingDate: string;
  description: string;
  remittanceInfo: string | null;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  endToEndId: string | null;
}

export interface ScoredCandidate {
  kind: ReconciliationTargetKind;
  open: number;
  number: string;
  atcud: string | null;
  date: string;
  dueDate: string | null;
  mbReference: string | null;
  partyName: string | null;
  partyTaxId: string | null;
  partyIban: string | null;
  /** The rule that ties the movement to the candidate's party. */
  ruleId: string | null;
  /** Earlier matches of a movement from the same counterparty with this party. */
  pastMatches: number;
}

/**
 * Upper case without accents or spaces (banks print references spaced out); other punctuation becomes "|"
 * so that a reference keeps its end ("A/17-0001" is not "A/170001").
 */
export function compact(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/\s+/g, '')
    .replace(/[^A-Z0-9/]/g, '|');
}

const LEGAL_FORMS = new Set([
  'LDA',
  'SA',
  'UNIPESSOAL',
  'SGPS',
  'LIMITADA',
  'E',
  'DE',
  'DA',
  'DO',
  'DOS',
  'DAS',
]);

/** Name tokens by name: a party's name is scored against many movements, a movement against many candidates. */
const tokenCache = new Map<string, Set<string>>();
const TOKEN_CACHE_SIZE = 50_000;

function nameTokens(name: string | null | undefined): Set<string> {
  if (!name) return EMPTY_TOKENS;
  let tokens = tokenCache.get(name);
  if (!tokens) {
    if (tokenCache.size >= TOKEN_CACHE_SIZE) tokenCache.clear();
    tokens = computeNameTokens(name);
    tokenCache.set(name, tokens);
  }
  return tokens;
}
const EMPTY_TOKENS: Set<string> = new Set();

function computeNameTokens(name: string): Set<string> {
  return new Set(
    (name ?? '')
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toUpperCase()
      .split(/[^A-Z0-9]+/)
      .filter((token) => token.length > 1 && !LEGAL_FORMS.has(token)),
  );
}

/** Share of the shorter name's words found in the other (0–1), legal forms and small words left out. */
export function nameSimilarity(a: string | null | undefined, b: string | null | undefined): number {
  const left = nameTokens(a);
  const right = nameTokens(b);
  if (left.size === 0 || right.size === 0) return 0;
  let common = 0;
  for (const token of left) if (right.has(token)) common += 1;
  return common / Math.min(left.size, right.size);
}

const dayNumbers = new Map<string, number>();
/** Days since 1970 of a YYYY-MM-DD date (a few hundred distinct dates: parsed once each). */
function dayNumber(date: string): number {
  let found = dayNumbers.get(date);
  if (found === undefined) {
    if (dayNumbers.size >= TOKEN_CACHE_SIZE) dayNumbers.clear();
    found = Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
    dayNumbers.set(date, found);
  }
  return found;
}

/** The significant part of a document number: what follows the document type ("FT A/12" → "A/12"). */
export function numberKey(number: string): string {
  const parts = number.trim().split(/\s+/);
  return compact(parts.length > 1 ? parts.slice(1).join('') : number);
}

/** `key` inside `text` as a whole reference: not followed (nor, when it starts with one, preceded) by a digit. */
export function containsReference(text: string, key: string): boolean {
  if (!key) return false;
  let from = text.indexOf(key);
  while (from >= 0) {
    const after = text.charAt(from + key.length);
    const before = text.charAt(from - 1);
    if (!/\d/.test(after) && !(/^\d/.test(key) && /\d/.test(before))) return true;
    from = text.indexOf(key, from + 1);
  }
  return false;
}

/** `compact` and `numberKey` of candidate strings (a party's IBAN is compared with each of its movements). */
const compactCache = new Map<string, string>();
/** Room for every ATCUD and document number of 100,000 open items (a smaller cache would thrash). */
const KEY_CACHE_SIZE = 250_000;
const numberKeyCache = new Map<string, string>();

function cachedCompact(text: string | null): string {
  if (!text) return '';
  let found = compactCache.get(text);
  if (found === undefined) {
    if (compactCache.size >= KEY_CACHE_SIZE) compactCache.clear();
    found = compact(text);
    compactCache.set(text, found);
  }
  return found;
}

function cachedNumberKey(number: string): string {
  let found = numberKeyCache.get(number);
  if (found === undefined) {
    if (numberKeyCache.size >= KEY_CACHE_SIZE) numberKeyCache.clear();
    found = numberKey(number);
    numberKeyCache.set(number, found);
  }
  return found;
}

interface PreparedMovement {
  text: string;
  digits: string;
  e2e: string;
  iban: string;
}

/** What scoring reads of a movement, computed once per movement object (it is scored against many candidates). */
const preparedMovements = new WeakMap<ScoredMovement, PreparedMovement>();

function prepared(movement: ScoredMovement): PreparedMovement {
  let found = preparedMovements.get(movement);
  if (!found) {
    const raw = `${movement.description} ${movement.remittanceInfo ?? ''}`;
    found = {
      text: compact(raw),
      digits: raw.replace(/\D/g, ''),
      e2e: compact(movement.endToEndId),
      iban: compact(movement.counterpartyIban),
    };
    preparedMovements.set(movement, found);
  }
  return found;
}

/** Every reason the candidate fits the movement, most telling first, and the score. */
export function scoreCandidate(
  movement: ScoredMovement,
  candidate: ScoredCandidate,
): { score: number; reasons: ReconciliationReason[] } {
  const reasons: ReconciliationReason[] = [];
  const add = (code: ReconciliationReasonCode, detail: string | null = null) =>
    reasons.push({ code, points: REASON_POINTS[code], detail });
  const { text, digits, e2e, iban } = prepared(movement);

  if (candidate.ruleId) add('rule', candidate.ruleId);

  const difference = movement.open - candidate.open;
  if (difference === 0) add('exact_amount');
  else if (Math.abs(difference) <= Math.max(NEAR_AMOUNT_FLOOR, Math.round(movement.open * NEAR_AMOUNT_RATIO)))
    add('near_amount', String(difference));

  const mb = (candidate.mbReference ?? '').replace(/\D/g, '');
  if (mb.length >= 9 && containsReference(digits, mb)) add('multibanco_reference', candidate.mbReference);

  const atcud = cachedCompact(candidate.atcud);
  if (atcud.length >= 4 && (containsReference(text, atcud) || containsReference(e2e, atcud)))
    add('atcud', candidate.atcud);

  const key = cachedNumberKey(candidate.number);
  if (key.length >= 3) {
    if (containsReference(text, key)) add('document_number', candidate.number);
    if (containsReference(e2e, key)) add('end_to_end_id', movement.endToEndId);
  }

  if (iban.length >= 15 && iban === cachedCompact(candidate.partyIban))
    add('counterparty_iban', movement.counterpartyIban);

  const nif = (candidate.partyTaxId ?? '').replace(/\D/g, '');
  if (nif.length >= 9 && digits.includes(nif)) add('tax_id', candidate.partyTaxId);

  const similarity = Math.max(
    nameSimilarity(movement.counterpartyName, candidate.partyName),
    movement.counterpartyName ? 0 : nameSimilarity(movement.description, candidate.partyName),
  );
  if (similarity >= 0.5) add('name_similarity', `${Math.round(similarity * 100)}%`);

  const due = candidate.dueDate ?? candidate.date;
  const days = dayNumber(movement.bookingDate) - dayNumber(due);
  if (days >= -DUE_WINDOW_BEFORE && days <= DUE_WINDOW_AFTER) add('due_date_window', String(days));

  if (candidate.pastMatches > 0) add('past_behaviour', String(candidate.pastMatches));

  const score = Math.min(
    100,
    reasons.reduce((sum, reason) => sum + reason.points, 0),
  );
  reasons.sort((a, b) => b.points - a.points);
  return { score, reasons };
}

/** Reasons that name the document or its party. */
const IDENTITY_REASONS: ReadonlySet<ReconciliationReasonCode> = new Set([
  'rule',
  'multibanco_reference',
  'atcud',
  'document_number',
  'end_to_end_id',
  'counterparty_iban',
  'tax_id',
  'name_similarity',
  'past_behaviour',
]);

/** Enough to show: an amount that fits, or something that names the document or its party. */
export function worthSuggesting(reasons: readonly ReconciliationReason[]): boolean {
  for (const reason of reasons)
    if (reason.code === 'exact_amount' || reason.code === 'near_amount' || IDENTITY_REASONS.has(reason.code))
      return true;
  return false;
}
