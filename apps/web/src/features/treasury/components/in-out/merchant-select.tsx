import { Combobox, InputBase, ScrollArea, useCombobox } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateMerchant } from '../../api/merchants.ts';
import type { InOutLookups } from '../../hooks/use-in-out-lookups.ts';

const CREATE = '__create__';
const MAX_SHOWN = 50;

/** One merchant, searched by name or NIF; "Create …" adds the typed name as a new merchant at once. */
export function MerchantSelect({
  lookups,
  value,
  onChange,
  label,
  canCreate,
  disabled,
}: {
  lookups: InOutLookups;
  value: string | null;
  onChange: (id: string | null) => void;
  label: string;
  canCreate: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const create = useCreateMerchant();
  const selected = value ? lookups.merchantById.get(value) : undefined;
  const [search, setSearch] = useState<string | null>(null);
  const text = search ?? selected?.name ?? '';
  const needle = (search ?? '').trim().toLocaleLowerCase();
  const matches = lookups.merchants
    .filter(
      (merchant) =>
        !needle ||
        merchant.name.toLocaleLowerCase().includes(needle) ||
        (merchant.vatNumber ?? '').toLocaleLowerCase().includes(needle),
    )
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, MAX_SHOWN);
  const exact = lookups.merchants.some((merchant) => merchant.name.toLocaleLowerCase() === needle);

  const choose = async (option: string) => {
    if (option === CREATE) {
      const merchant = await create.mutateAsync({ name: (search ?? '').trim() });
      onChange(merchant.id);
    } else {
      onChange(option);
    }
    setSearch(null);
    combobox.closeDropdown();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={(option) => void choose(option)} withinPortal>
      <Combobox.Target>
        <InputBase
          label={label}
          value={text}
          disabled={disabled || create.isPending}
          error={create.error ? t('TREASURY.MERCHANTS.CREATE_FAILED') : undefined}
          placeholder={t('TREASURY.MERCHANTS.SEARCH')}
          rightSection={
            value ? (
              <Combobox.ClearButton
                aria-label={t('TREASURY.MERCHANTS.CLEAR')}
                onClear={() => {
                  onChange(null);
                  setSearch(null);
                }}
              />
            ) : (
              <Combobox.Chevron />
            )
          }
          rightSectionPointerEvents={value ? 'all' : 'none'}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            setSearch(null);
          }}
          onChange={(event) => {
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
            setSearch(event.currentTarget.value);
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options>
          <ScrollArea.Autosize mah={240} type="scroll">
            {matches.map((merchant) => (
              <Combobox.Option value={merchant.id} key={merchant.id} active={merchant.id === value}>
                {merchant.vatNumber ? `${merchant.name} · ${merchant.vatNumber}` : merchant.name}
              </Combobox.Option>
            ))}
            {canCreate && needle && !exact && (
              <Combobox.Option value={CREATE}>
                {t('TREASURY.MERCHANTS.CREATE_NAMED', { name: (search ?? '').trim() })}
              </Combobox.Option>
            )}
            {matches.length === 0 && !(canCreate && needle) && (
              <Combobox.Empty>{t('COMMON.NOTHING_FOUND')}</Combobox.Empty>
            )}
          </ScrollArea.Autosize>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
