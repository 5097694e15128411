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
  const startsWithDigit = isDigit(key.charCodeAt(0));
  let from = text.indexOf(key);
  while (from >= 0) {
    if (
      !isDigit(text.charCodeAt(from + key.length)) &&
      !(startsWithDigit && isDigit(text.charCodeAt(from - 1)))
    )
      return true;
    from = text.indexOf(key, from + 1);
  }
  return false;
}

/** An ASCII digit, as `\d` (false for NaN: before the start or past the end of a text). */
const isDigit = (code: number) => code >= 48 && code <= 57;

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
  /** Its reasons whose detail is its own (IBAN, end-to-end id), by bit: built once, shared by its suggestions. */
  reasons: ReconciliationReason[] | null;
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
    reasons: null,
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
  /** Its reasons whose detail is its own (number, ATCUD, references, NIF), by bit: shared by its suggestions. */
  reasons: ReconciliationReason[] | null;
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
    reasons: null,
  };
}

/**
 * The reasons in the order `evaluateCandidate` finds them (exact_amount and near_amount exclude each other);
 * a found set is a bit mask over this list.
 */
const FOUND_ORDER: readonly ReconciliationReasonCode[] = [
  'rule',
  'exact_amount',
  'near_amount',
  'multibanco_reference',
  'atcud',
  'document_number',
  'end_to_end_id',
  'counterparty_iban',
  'tax_id',
  'name_similarity',
  'due_date_window',
  'past_behaviour',
];
const RULE = 1 << 0;
const EXACT_AMOUNT = 1 << 1;
const NEAR_AMOUNT = 1 << 2;
const MULTIBANCO_REFERENCE = 1 << 3;
const ATCUD = 1 << 4;
const DOCUMENT_NUMBER = 1 << 5;
const END_TO_END_ID = 1 << 6;
const COUNTERPARTY_IBAN = 1 << 7;
const TAX_ID = 1 << 8;
const NAME_SIMILARITY = 1 << 9;
const DUE_DATE_WINDOW = 1 << 10;
const PAST_BEHAVIOUR = 1 << 11;
/**
 * The bits of FOUND_ORDER most telling first: a stable sort by points, so a found set read in this order
 * is its reasons in the order found sorted by points, ties kept in the order found.
 */
const SHOWN_ORDER: readonly number[] = FOUND_ORDER.map((_, bit) => bit).sort(
  (a, b) => REASON_POINTS[FOUND_ORDER[b]!] - REASON_POINTS[FOUND_ORDER[a]!],
);

/** What `evaluateCandidate` found, for `reasonsFound` to spell out. */
export interface Found {
  mask: number;
  difference: number;
  similarity: number;
  days: number;
}

/**
 * The one place the reasons are decided. Returns the score (their points summed, at most 100) when the
 * candidate is worth suggesting (`worthSuggesting`: a reason besides the due date window), else
 * `-1 - score`; records the reasons found in `found` when given. suggestionsFor ranks hundreds of
 * thousands of pairs by the score alone and spells out the reasons of the few it keeps.
 */
export function evaluateCandidate(
  prepared: PreparedMovement,
  c: PreparedCandidate,
  ruleId: string | null,
  pastMatches: number,
  found: Found | null = null,
): number {
  const { movement, text, digits, e2e, iban, counterpartyTokens, descriptionTokens, day } = prepared;
  const candidate = c.candidate;
  let points = 0;
  let mask = 0;

  if (ruleId) {
    points += REASON_POINTS.rule;
    mask |= RULE;
  }

  const difference = movement.open - candidate.open;
  if (difference === 0) {
    points += REASON_POINTS.exact_amount;
    mask |= EXACT_AMOUNT;
  } else if (
    Math.abs(difference) <= Math.max(NEAR_AMOUNT_FLOOR, Math.round(movement.open * NEAR_AMOUNT_RATIO))
  ) {
    points += REASON_POINTS.near_amount;
    mask |= NEAR_AMOUNT;
  }

  if (c.mb.length >= 9 && containsReference(digits, c.mb)) {
    points += REASON_POINTS.multibanco_reference;
    mask |= MULTIBANCO_REFERENCE;
  }

  if (c.atcud.length >= 4 && (containsReference(text, c.atcud) || containsReference(e2e, c.atcud))) {
    points += REASON_POINTS.atcud;
    mask |= ATCUD;
  }

  if (c.key.length >= 3) {
    if (containsReference(text, c.key)) {
      points += REASON_POINTS.document_number;
      mask |= DOCUMENT_NUMBER;
    }
    if (containsReference(e2e, c.key)) {
      points += REASON_POINTS.end_to_end_id;
      mask |= END_TO_END_ID;
    }
  }

  if (iban.length >= 15 && iban === c.iban) {
    points += REASON_POINTS.counterparty_iban;
    mask |= COUNTERPARTY_IBAN;
  }

  if (c.nif.length >= 9 && digits.includes(c.nif)) {
    points += REASON_POINTS.tax_id;
    mask |= TAX_ID;
  }

  // The description stands in for the counterparty's name only when there is none (descriptionTokens is
  // empty otherwise).
  const similarity = Math.max(
    tokenSimilarity(counterpartyTokens, c.nameTokens),
    tokenSimilarity(descriptionTokens, c.nameTokens),
  );
  if (similarity >= 0.5) {
    points += REASON_POINTS.name_similarity;
    mask |= NAME_SIMILARITY;
  }

  // The due date window alone is not worth suggesting; every other reason is.
  let window = 0;
  const days = day - c.dueDay;
  if (days >= -DUE_WINDOW_BEFORE && days <= DUE_WINDOW_AFTER) {
    window = REASON_POINTS.due_date_window;
    mask |= DUE_DATE_WINDOW;
  }

  if (pastMatches > 0) {
    points += REASON_POINTS.past_behaviour;
    mask |= PAST_BEHAVIOUR;
  }

  if (found) {
    found.mask = mask;
    found.difference = difference;
    found.similarity = similarity;
    found.days = days;
  }
  const score = Math.min(100, points + window);
  return points > 0 ? score : -1 - score;
}

// Reason objects are shared and frozen: a suggestion's reasons are values, and 100,000 movements'
// suggestions hold hundreds of thousands of them. Those whose detail is the candidate's or the movement's
// are kept on its prepared form, the others by their detail.
const reason = (code: ReconciliationReasonCode, detail: string | null): ReconciliationReason =>
  Object.freeze({ code, points: REASON_POINTS[code], detail });
const EXACT_AMOUNT_REASON = reason('exact_amount', null);
const windowReasons: ReconciliationReason[] = [];
const similarityReasons: ReconciliationReason[] = [];
const sharedReasons = new Map<string, ReconciliationReason>();

/** The reason of `code` with `detail` (a rule, a small difference, a count of past matches). */
function sharedReason(code: ReconciliationReasonCode, detail: string): ReconciliationReason {
  const key = `${code} ${detail}`;
  let found = sharedReasons.get(key);
  if (!found) {
    if (sharedReasons.size >= TOKEN_CACHE_SIZE) sharedReasons.clear();
    found = reason(code, detail);
    sharedReasons.set(key, found);
  }
  return found;
}

/** The reason at `index` of `list`, made the first time. */
function listed(
  list: ReconciliationReason[],
  index: number,
  code: ReconciliationReasonCode,
  detail: string | null,
): ReconciliationReason {
  let found = list[index];
  if (!found) {
    found = reason(code, detail);
    list[index] = found;
  }
  return found;
}

/** The reason of `bit` whose detail is the prepared movement's or candidate's own. */
function heldReason(
  holder: { reasons: ReconciliationReason[] | null },
  bit: number,
  code: ReconciliationReasonCode,
  detail: string | null,
): ReconciliationReason {
  holder.reasons ??= [];
  return listed(holder.reasons, bit, code, detail);
}

const scratch: Found = { mask: 0, difference: 0, similarity: 0, days: 0 };

/** The reasons `evaluateCandidate` finds, most telling first (ties in the order found). */
export function reasonsOf(
  prepared: PreparedMovement,
  c: PreparedCandidate,
  ruleId: string | null,
  pastMatches: number,
): ReconciliationReason[] {
  evaluateCandidate(prepared, c, ruleId, pastMatches, scratch);
  return reasonsFound(prepared, c, ruleId, pastMatches, scratch);
}

/** The reasons of what `evaluateCandidate` found (`found`) for these arguments, most telling first. */
export function reasonsFound(
  prepared: PreparedMovement,
  c: PreparedCandidate,
  ruleId: string | null,
  pastMatches: number,
  found: Found,
): ReconciliationReason[] {
  const { mask, difference, similarity, days } = found;
  const reasons: ReconciliationReason[] = [];
  for (const bit of SHOWN_ORDER) {
    const flag = 1 << bit;
    if ((mask & flag) === 0) continue;
    switch (flag) {
      case RULE:
        reasons.push(sharedReason('rule', ruleId!));
        break;
      case EXACT_AMOUNT:
        reasons.push(EXACT_AMOUNT_REASON);
        break;
      case NEAR_AMOUNT:
        reasons.push(sharedReason('near_amount', String(difference)));
        break;
      case MULTIBANCO_REFERENCE:
        reasons.push(heldReason(c, bit, 'multibanco_reference', c.candidate.mbReference));
        break;
      case ATCUD:
        reasons.push(heldReason(c, bit, 'atcud', c.candidate.atcud));
        break;
      case DOCUMENT_NUMBER:
        reasons.push(heldReason(c, bit, 'document_number', c.candidate.number));
        break;
      case END_TO_END_ID:
        reasons.push(heldReason(prepared, bit, 'end_to_end_id', prepared.movement.endToEndId));
        break;
      case COUNTERPARTY_IBAN:
        reasons.push(heldReason(prepared, bit, 'counterparty_iban', prepared.movement.counterpartyIban));
        break;
      case TAX_ID:
        reasons.push(heldReason(c, bit, 'tax_id', c.candidate.partyTaxId));
        break;
      case NAME_SIMILARITY: {
        const share = Math.round(similarity * 100);
        reasons.push(listed(similarityReasons, share, 'name_similarity', `${share}%`));
        break;
      }
      case DUE_DATE_WINDOW:
        reasons.push(listed(windowReasons, days + DUE_WINDOW_BEFORE, 'due_date_window', String(days)));
        break;
      case PAST_BEHAVIOUR:
        reasons.push(sharedReason('past_behaviour', String(pastMatches)));
        break;
    }
  }
  return reasons;
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
  const found = evaluateCandidate(prepared, c, ruleId, pastMatches);
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
