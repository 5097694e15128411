import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCloseOnEscape } from '../../hooks/use-close-on-escape.ts';
import type { InOutLookups } from '../../hooks/use-in-out-lookups.ts';
import type { InOutPermissions } from '../../hooks/use-in-out-permissions.ts';
import { TransactionDetail } from '../in-out/transaction-detail.tsx';
import type { RuleDraft } from '../rules/rule-draft.ts';

/** One movement on a phone: a full-screen sheet with the same actions as the desktop drawer. */
export function InOutDetailSheet({
  transactionId,
  onClose,
  lookups,
  permissions,
  onCreateRule,
}: {
  transactionId: string | null;
  onClose: () => void;
  lookups: InOutLookups;
  permissions: InOutPermissions;
  onCreateRule: ((draft: RuleDraft) => void) | null;
}) {
  const { t } = useTranslation();
  const closeOnEscape = useCloseOnEscape();
  return (
    <Modal
      opened={transactionId !== null}
      onClose={onClose}
      fullScreen
      title={t('TREASURY.IN_OUT.DETAIL.TITLE')}
      closeOnEscape={closeOnEscape}
      closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
    >
      {transactionId && (
        <TransactionDetail
          transactionId={transactionId}
          lookups={lookups}
          permissions={permissions}
          mobile
          onCreateRule={onCreateRule}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
