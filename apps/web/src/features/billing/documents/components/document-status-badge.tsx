import type { BillingDocument } from '@fluxo/domain/billing/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Where a document stands: draft, issued, paid, invoiced (a quote), cancelled. */
export function documentStanding(
  document: BillingDocument,
): 'DRAFT' | 'CANCELLED' | 'INVOICED' | 'PAID' | 'PARTLY_PAID' | 'ISSUED' {
  if (document.state === 'draft') return 'DRAFT';
  if (document.status === 'A') return 'CANCELLED';
  if (document.status === 'F') return 'INVOICED';
  if (document.payable > 0 && document.settled >= document.payable) return 'PAID';
  if (document.settled > 0) return 'PARTLY_PAID';
  return 'ISSUED';
}

const COLORS = {
  DRAFT: 'gray',
  CANCELLED: 'red',
  INVOICED: 'grape',
  PAID: 'teal',
  PARTLY_PAID: 'yellow',
  ISSUED: 'blue',
} as const;

export function DocumentStatusBadge({ document }: { document: BillingDocument }) {
  const { t } = useTranslation();
  const standing = documentStanding(document);
  return (
    <Badge color={COLORS[standing]} variant="dot">
      {t(`BILLING.DOCUMENTS.STANDING.${standing}`)}
    </Badge>
  );
}
