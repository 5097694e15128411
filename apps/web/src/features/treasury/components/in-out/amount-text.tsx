import { Text, type TextProps } from '@mantine/core';
import { useFormatMoney } from '../../../../lib/format/money.ts';

/** A signed amount in its currency: money in green, out in red, a sign that does not rely on colour alone. */
export function AmountText({ amount, currency, ...props }: TextProps & { amount: number; currency: string }) {
  const format = useFormatMoney();
  const text = format(amount, currency);
  return (
    <Text
      component="span"
      fw={600}
      c={amount < 0 ? 'red.9' : amount > 0 ? 'teal.9' : undefined}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      {...props}
    >
      {amount > 0 ? `+${text}` : text}
    </Text>
  );
}
