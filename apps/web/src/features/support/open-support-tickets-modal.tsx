import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { SupportTickets } from './components/support-tickets.tsx';

function Title() {
  const { t } = useTranslation();
  return <>{t('SUPPORT.TICKETS.TITLE')}</>;
}

/** Opens the support tickets modal (needs the signed-in layout's ModalsProvider). */
export function openSupportTicketsModal(): void {
  modals.open({ modalId: 'support-tickets', title: <Title />, size: 'xl', children: <SupportTickets /> });
}
