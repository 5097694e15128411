import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoneyInput, parseMoneyInput } from '../../../../lib/format/money-input.ts';

/**
 * An amount typed as text (spec §5: optional minus, digits, at most two decimals; either decimal mark)
 * and given out as integer minor units, or null while empty. What is not an amount says so at once.
 */
export function MoneyInput({
  value,
  onChange,
  minorDigits = 2,
  error,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange'> & {
  value: number | null;
  onChange: (minor: number | null) => void;
  minorDigits?: number;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value === null ? '' : formatMoneyInput(value, minorDigits));
  const parsed = parseMoneyInput(text, minorDigits);
  const invalid = text.trim() !== '' && parsed === null;

  // Follows a value changed from outside (cleared filters, a reset form) without fighting the typing.
  useEffect(() => {
    setText((current) => {
      if (parseMoneyInput(current, minorDigits) === value) return current;
      if (value === null)
        return parseMoneyInput(current, minorDigits) === null && current.trim() ? current : '';
      return formatMoneyInput(value, minorDigits);
    });
  }, [value, minorDigits]);

  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      {...props}
      value={text}
      error={invalid ? t('TREASURY.IN_OUT.AMOUNT_INVALID') : error}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        const minor = parseMoneyInput(next, minorDigits);
        if (minor !== null || next.trim() === '') onChange(minor);
      }}
    />
  );
}
