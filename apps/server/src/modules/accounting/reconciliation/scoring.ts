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
  if (!text) return '';
  // Printable ASCII (most references and names): nothing to decompose, and its only white space is " ".
  if (!NOT_PRINTABLE_ASCII.test(text))
    return text.toUpperCase().replace(SPACES, '').replace(NOT_REFERENCE_CHARACTER, '|');
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/\s+/g, '')
    .replace(/[^A-Z0-9/]/g, '|');
}

const NOT_PRINTABLE_ASCII = /[^ -~]/;
const SPACES = / +/g;
const NOT_REFERENCE_CHARACTER = /[^A-Z0-9/]/g;

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
  return tokenSimilarity(nameTokens(a), nameTokens(b));
}

function tokenSimilarity(left: Set<string>, right: Set<string>): number {
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

/** `compact` of a party's IBAN (compared with each of the party's open items' movements). */
const compactCache = new Map<string, string>();
const KEY_CACHE_SIZE = 250_000;

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

/** What scoring reads of a movement: computed once, then scored against every candidate it meets. */
export interface PreparedMovement {
  movement: ScoredMovement;
  text: string;
  digits: string;
  e2e: string;
  iban: string;
  /** Name tokens of the counterparty, and of the description when there is no counterparty name. */
  counterpartyTokens: Set<string>;
  descriptionTokens: Set<string>;
  day: number;
}

export function prepareMovement(movement: ScoredMovement): PreparedMovement {
  const raw = `${movement.description} ${movement.remittanceInfo ?? ''}`;
  return {
    movement,
    text: compact(raw),
    digits: raw.replace(/\D/g, ''),
    e2e: compact(movement.endToEndId),
    iban: compact(movement.counterpartyIban),
    counterpartyTokens: nameTokens(movement.counterpartyName),
    descriptionTokens: movement.counterpartyName ? EMPTY_TOKENS : nameTokens(movement.description),
    day: dayNumber(movement.bookingDate),
  };
}

/**
 * What scoring reads of a candidate: computed once, then scored against every movement it meets (its rule
 * and history, which depend on the movement, are passed apart).
 */
export interface PreparedCandidate {
  candidate: ScoredCandidate;
  mb: string;
  atcud: string;
  key: string;
  iban: string;
  nif: string;
  nameTokens: Set<string>;
  dueDay: number;
}

export function prepareCandidate(candidate: ScoredCandidate): PreparedCandidate {
  return {
    candidate,
    mb: (candidate.mbReference ?? '').replace(/\D/g, ''),
    atcud: compact(candidate.atcud),
    key: numberKey(candidate.number),
    iban: cachedCompact(candidate.partyIban),
    nif: (candidate.partyTaxId ?? '').replace(/\D/g, ''),
    nameTokens: nameTokens(candidate.partyName),
    dueDay: dayNumber(candidate.dueDate ?? candidate.date),
  };
}

function push(reasons: ReconciliationReason[] | null, code: ReconciliationReasonCode, detail: string | null) {
  reasons?.push({ code, points: REASON_POINTS[code], detail });
}

/**
 * The one place the reasons are decided. Returns the score (their points summed, at most 100) when the
 * candidate is worth suggesting (`worthSuggesting`: a reason besides the due date window), else
 * `-1 - score`; pushes the reasons, in the order found, into `reasons` when given. Without `reasons` it
 * builds nothing: suggestionsFor ranks hundreds of thousands of pairs and spells out the reasons of the
 * few it keeps.
 */
export function evaluateCandidate(
  prepared: PreparedMovement,
  c: PreparedCandidate,
  ruleId: string | null,
  pastMatches: number,
  reasons: ReconciliationReason[] | null,
): number {
  const { movement, text, digits, e2e, iban, counterpartyTokens, descriptionTokens, day } = prepared;
  const candidate = c.candidate;
  let points = 0;

  if (ruleId) {
    points += REASON_POINTS.rule;
    push(reasons, 'rule', ruleId);
  }

  const difference = movement.open - candidate.open;
  if (difference === 0) {
    points += REASON_POINTS.exact_amount;
    push(reasons, 'exact_amount', null);
  } else if (
    Math.abs(difference) <= Math.max(NEAR_AMOUNT_FLOOR, Math.round(movement.open * NEAR_AMOUNT_RATIO))
  ) {
    points += REASON_POINTS.near_amount;
    push(reasons, 'near_amount', String(difference));
  }

  if (c.mb.length >= 9 && containsReference(digits, c.mb)) {
    points += REASON_POINTS.multibanco_reference;
    push(reasons, 'multibanco_reference', candidate.mbReference);
  }

  if (c.atcud.length >= 4 && (containsReference(text, c.atcud) || containsReference(e2e, c.atcud))) {
    points += REASON_POINTS.atcud;
    push(reasons, 'atcud', candidate.atcud);
  }

  if (c.key.length >= 3) {
    if (containsReference(text, c.key)) {
      points += REASON_POINTS.document_number;
      push(reasons, 'document_number', candidate.number);
    }
    if (containsReference(e2e, c.key)) {
      points += REASON_POINTS.end_to_end_id;
      push(reasons, 'end_to_end_id', movement.endToEndId);
    }
  }

  if (iban.length >= 15 && iban === c.iban) {
    points += REASON_POINTS.counterparty_iban;
    push(reasons, 'counterparty_iban', movement.counterpartyIban);
  }

  if (c.nif.length >= 9 && digits.includes(c.nif)) {
    points += REASON_POINTS.tax_id;
    push(reasons, 'tax_id', candidate.partyTaxId);
  }

  // The description stands in for the counterparty's name only when there is none (descriptionTokens is
  // empty otherwise).
  const similarity = Math.max(
    tokenSimilarity(counterpartyTokens, c.nameTokens),
    tokenSimilarity(descriptionTokens, c.nameTokens),
  );
  if (similarity >= 0.5) {
    points += REASON_POINTS.name_similarity;
    push(reasons, 'name_similarity', `${Math.round(similarity * 100)}%`);
  }

  // The due date window alone is not worth suggesting; every other reason is.
  let window = 0;
  const days = day - c.dueDay;
  if (days >= -DUE_WINDOW_BEFORE && days <= DUE_WINDOW_AFTER) {
    window = REASON_POINTS.due_date_window;
    push(reasons, 'due_date_window', String(days));
  }

  if (pastMatches > 0) {
    points += REASON_POINTS.past_behaviour;
    push(reasons, 'past_behaviour', String(pastMatches));
  }

  const score = Math.min(100, points + window);
  return points > 0 ? score : -1 - score;
}

/** The reasons `evaluateCandidate` finds, most telling first (a stable sort: ties keep the order found). */
export function reasonsOf(
  prepared: PreparedMovement,
  c: PreparedCandidate,
  ruleId: string | null,
  pastMatches: number,
): ReconciliationReason[] {
  const reasons: ReconciliationReason[] = [];
  evaluateCandidate(prepared, c, ruleId, pastMatches, reasons);
  return reasons.sort((a, b) => b.points - a.points);
}

/**
 * Every reason the candidate fits the movement, most telling first, and the score. `ruleId` and
 * `pastMatches` are the candidate's unless given.
 */
export function scoreCandidate(
  movement: ScoredMovement,
  candidate: ScoredCandidate,
  ruleId: string | null = candidate.ruleId,
  pastMatches: number = candidate.pastMatches,
): { score: number; reasons: ReconciliationReason[] } {
  const prepared = prepareMovement(movement);
  const c = prepareCandidate(candidate);
  const found = evaluateCandidate(prepared, c, ruleId, pastMatches, null);
  return { score: found >= 0 ? found : -1 - found, reasons: reasonsOf(prepared, c, ruleId, pastMatches) };
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
