import type { PosBatch } from '@fluxo/domain/treasury/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../../lib/format/money.ts';

/** Settled on a date, or still pending (with when it is expected). */
export function SettlementBadge({ batch }: { batch: PosBatch }) {
  const { t } = useTranslation();
  const date = useFormatDate();
  return batch.settlementTransactionId ? (
    <Badge color="teal" variant="dot">
      {t('TREASURY.POS.SETTLED_ON', { date: date(batch.settlementDate) })}
    </Badge>
  ) : (
    <Badge color="orange" variant="dot">
      {batch.expectedSettlementDate
        ? t('TREASURY.POS.EXPECTED_ON', { date: date(batch.expectedSettlementDate) })
        : t('TREASURY.POS.PENDING_BADGE')}
    </Badge>
  );
}
