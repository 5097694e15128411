import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Waits this long after the last key before searching, so typing a word asks the server once. */
const SEARCH_DEBOUNCE_MS = 350;

/** The text search over description, counterparty, remittance information and notes. */
export function SearchBox({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const commit = useDebouncedCallback((next: string) => onChange(next), SEARCH_DEBOUNCE_MS);
  useEffect(() => setText(value), [value]);
  return (
    <TextInput
      type="search"
      label={t('TREASURY.IN_OUT.FILTERS.SEARCH')}
      placeholder={t('TREASURY.IN_OUT.FILTERS.SEARCH_PLACEHOLDER')}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      maxLength={200}
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          commit.cancel?.();
          onChange(text);
        }
      }}
    />
  );
}
