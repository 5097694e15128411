import type { Rule, RuleActions, RuleCondition } from '@fluxo/domain/treasury/model';

/** A rule being written: a saved one (id) or a new one, possibly prefilled from a movement. */
export interface RuleDraft {
  id: string | null;
  name: string;
  priority: number;
  enabled: boolean;
  conditions: RuleCondition[];
  actions: RuleActions;
}

export const NEW_RULE: RuleDraft = {
  id: null,
  name: '',
  priority: 100,
  enabled: true,
  conditions: [{ field: 'description', operator: 'contains', value: '' }],
  actions: {},
};

export function draftOf(rule: Rule): RuleDraft {
  return {
    id: rule.id,
    name: rule.name,
    priority: rule.priority,
    enabled: rule.enabled,
    conditions: rule.conditions,
    actions: rule.actions,
  };
}

/** A condition switched to another field keeps its value only where it still makes sense. */
export function conditionForField(field: RuleCondition['field'], previous: RuleCondition): RuleCondition {
  if (field === 'amount')
    return { field, operator: 'equals', value: typeof previous.value === 'number' ? previous.value : 0 };
  if (field === 'account') return { field, operator: 'equals', value: '' };
  return {
    field,
    operator: previous.field === 'amount' || previous.field === 'account' ? 'contains' : previous.operator,
    value: typeof previous.value === 'string' && previous.field !== 'account' ? previous.value : '',
  };
}
