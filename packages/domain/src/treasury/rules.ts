import type { RuleActions, RuleCondition } from './model.ts';

// What a categorisation rule means, as pure functions: the server runs the same conditions as SQL over
// whole sets of movements, and its tests check that both agree with these.

/** The fields of a movement that rule conditions read. */
export interface RuleSubject {
  accountId: string;
  amount: number;
  description: string;
  counterpartyName: string | null;
  counterpartyIban: string | null;
}

/**
 * Lower case, accents removed, spaces collapsed — the same normalisation as the movements' search text
 * (the server's ingest.normaliseText), so "SEGURANÇA" matches "seguranca".
 */
export function normaliseRuleText(value: string | null | undefined): string {
  return (value ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** An IBAN as rules compare it: normalised text without any space ("PT50 0002…" equals "pt500002…"). */
export function normaliseRuleIban(value: string | null | undefined): string {
  return normaliseRuleText(value).replace(/ /g, '');
}

function textOf(subject: RuleSubject, field: 'description' | 'counterparty' | 'iban'): string {
  if (field === 'description') return normaliseRuleText(subject.description);
  if (field === 'counterparty') return normaliseRuleText(subject.counterpartyName);
  return normaliseRuleIban(subject.counterpartyIban);
}

/** The condition's own value normalised the way its field is. */
export function normalisedConditionText(condition: Extract<RuleCondition, { value: string }>): string {
  return condition.field === 'iban' ? normaliseRuleIban(condition.value) : normaliseRuleText(condition.value);
}

/** Whether one condition holds for the movement. */
export function conditionHolds(condition: RuleCondition, subject: RuleSubject): boolean {
  switch (condition.field) {
    case 'account':
      return subject.accountId === condition.value;
    case 'amount': {
      const { amount } = subject;
      if (condition.operator === 'equals') return amount === condition.value;
      if (condition.operator === 'gte') return amount >= condition.value;
      if (condition.operator === 'lte') return amount <= condition.value;
      return condition.to !== undefined && amount >= condition.value && amount <= condition.to;
    }
    default: {
      const text = textOf(subject, condition.field);
      const value = normalisedConditionText(condition);
      if (value === '') return false;
      if (condition.operator === 'equals') return text === value;
      if (condition.operator === 'startsWith') return text.startsWith(value);
      return text.includes(value);
    }
  }
}

/** A rule matches when every one of its conditions holds (a rule without conditions matches nothing). */
export function ruleMatches(conditions: readonly RuleCondition[], subject: RuleSubject): boolean {
  return conditions.length > 0 && conditions.every((condition) => conditionHolds(condition, subject));
}

export const BASIS_POINTS_WHOLE = 10_000;

/**
 * The amounts of a split by shares in basis points: every part but the last is the share of the amount
 * truncated toward zero, the last takes the remainder, so the parts always sum exactly to the amount.
 * Null when the amount is too small for every part to get at least one minor unit (such a movement is
 * left unsplit). The shares must add up to 10 000 (checked when the rule is saved).
 */
export function splitAmount(amount: number, basisPoints: readonly number[]): number[] | null {
  if (basisPoints.length < 2) return null;
  const whole = BigInt(amount);
  const parts = basisPoints
    .slice(0, -1)
    .map((points) => Number((whole * BigInt(points)) / BigInt(BASIS_POINTS_WHOLE)));
  const rest = amount - parts.reduce((sum, part) => sum + part, 0);
  parts.push(rest);
  return parts.some((part) => part === 0) ? null : parts;
}

/** The action fields a rule can set; for each, the first matching rule (by priority) wins. */
export const RULE_ACTION_FIELDS = ['categoryId', 'merchantId', 'notes', 'split'] as const;
export type RuleActionField = (typeof RULE_ACTION_FIELDS)[number];

/**
 * For one movement, the rule that sets each action field: rules in priority order (lower first, then as
 * given), the first matching rule that has an action for a field claims it.
 */
export function winningActions<R extends { conditions: readonly RuleCondition[]; actions: RuleActions }>(
  rules: readonly R[],
  subject: RuleSubject,
): Partial<Record<RuleActionField, R>> {
  return winnersAmong(rules.filter((rule) => ruleMatches(rule.conditions, subject)));
}

/** The same, from the rules already known to match, in priority order. */
export function winnersAmong<R extends { actions: RuleActions }>(
  matching: readonly R[],
): Partial<Record<RuleActionField, R>> {
  const winners: Partial<Record<RuleActionField, R>> = {};
  for (const rule of matching)
    for (const field of RULE_ACTION_FIELDS)
      if (winners[field] === undefined && rule.actions[field] !== undefined) winners[field] = rule;
  return winners;
}
