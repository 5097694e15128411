import type { ImportRejection } from '@fluxo/domain/treasury/model';
import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/errors.ts';

/** The refused lines of a 422 STATEMENT_REJECTED: each detail is `line N` (or `file`) with its reason. */
export function rejectionsOf(error: unknown): ImportRejection[] {
  if (!(error instanceof ApiError) || error.code !== 'STATEMENT_REJECTED') return [];
  return error.details.map((detail) => {
    const line = /(\d+)/.exec(detail.path)?.[1];
    const code = detail.messageKey.startsWith('TREASURY.IMPORT.REJECT.')
      ? detail.messageKey.slice('TREASURY.IMPORT.REJECT.'.length)
      : detail.messageKey;
    return { line: line ? Number(line) : null, code, message: detail.message };
  });
}

/** Refused lines, each with its line number and its reason in the user's language. */
export function RejectionList({ rejections, label }: { rejections: ImportRejection[]; label: string }) {
  const { t } = useTranslation();
  if (rejections.length === 0) return null;
  return (
    <List size="sm" spacing={4} aria-label={label} withPadding>
      {rejections.map((rejection) => (
        <List.Item key={`${rejection.line}-${rejection.code}-${rejection.message}`}>
          <Text span fw={600} size="sm">
            {rejection.line === null
              ? t('TREASURY.IMPORT.WHOLE_FILE')
              : t('TREASURY.IMPORT.LINE', { line: rejection.line })}
            {': '}
          </Text>
          <Text span size="sm">
            {t(`TREASURY.IMPORT.REJECT.${rejection.code}`, { defaultValue: rejection.message })}
          </Text>
          {rejection.message && (
            <Text size="xs" c="dimmed">
              {rejection.message}
            </Text>
          )}
        </List.Item>
      ))}
    </List>
  );
}
