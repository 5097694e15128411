import { validationIssueKey } from '@fluxo/domain';

/** The parts of a zod issue the form needs; structural so that forms do not depend on zod's types. */
interface Issue {
  code: string;
  path: PropertyKey[];
  format?: string;
}
interface Schema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: Issue[] } };
}

/**
 * The i18n key for a zod issue, with the same VALIDATION.* keys the server answers (so a message
 * reads the same whichever side found the problem), plus REQUIRED_FIELD when the field is empty
 * (an unchecked box counts as empty).
 */
export function issueMessageKey(issue: Issue, value?: unknown): string {
  if (value === undefined || value === null || value === '' || value === false) {
    if (issue.code !== 'unrecognized_keys') return 'VALIDATION.REQUIRED_FIELD';
  }
  return validationIssueKey(issue);
}

/**
 * A Mantine form `validate` function from a domain schema: field → i18n key of its first problem.
 * `messages` replaces the key for fields whose rule reads better said once (e.g. the password rules).
 */
export function zodValidate<Values>(
  schema: Schema,
  messages: Partial<Record<keyof Values & string, string>> = {},
): (values: Values) => Record<string, string> {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.');
      if (!field || errors[field]) continue;
      const value = issue.path.reduce<unknown>(
        (node, key) =>
          node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined,
        values,
      );
      errors[field] = messages[field as keyof Values & string] ?? issueMessageKey(issue, value);
    }
    return errors;
  };
}
