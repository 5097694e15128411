import { Button, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { Logo } from '../../../components/logo.tsx';
import { useOrganizationDetails } from '../../../features/organizations/api/get-organization.ts';
import { useDisplayNames } from '../../../lib/reference-data/display-names.ts';

/**
 * Spec §2 printable pages: signed in, no application chrome. The organization card, laid out for
 * paper; the print button itself is not printed.
 */
export function PrintableOrganizationRoute() {
  const { t } = useTranslation();
  const countryName = useDisplayNames('region');
  const { id = '' } = useParams();
  const organization = useOrganizationDetails(id);

  if (organization.isPending) {
    return (
      <Center mih="100dvh" role="status" aria-label={t('COMMON.LOADING')}>
        <Loader />
      </Center>
    );
  }
  if (organization.isError) {
    return (
      <Center mih="100dvh" p="md">
        <ErrorAlert error={organization.error} />
      </Center>
    );
  }
  const org = organization.data;
  const rows: [string, string | null][] = [
    [t('SHELL.PRINTABLE.VAT_NUMBER'), org.vatNumber],
    [t('SHELL.PRINTABLE.COUNTRY'), countryName(org.country)],
    [t('SHELL.PRINTABLE.CURRENCY'), org.currency],
    [
      t('SHELL.PRINTABLE.ADDRESS'),
      [org.address, org.postalCode, org.city].filter(Boolean).join(', ') || null,
    ],
    [t('SHELL.PRINTABLE.EMAIL'), org.email],
    [t('SHELL.PRINTABLE.PHONE'), org.phone],
    [t('SHELL.PRINTABLE.PLAN'), org.planName],
  ];

  return (
    <Stack maw={720} mx="auto" p="xl" gap="lg">
      <Group justify="space-between" className="no-print" data-print="hide">
        <Logo size={28} />
        <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
          {t('SHELL.PRINTABLE.PRINT')}
        </Button>
      </Group>
      <style>{'@media print { [data-print="hide"] { display: none !important; } }'}</style>
      <Paper withBorder radius="md" p="xl">
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          {t('SHELL.PRINTABLE.ORGANIZATION_CARD')}
        </Text>
        <Title order={1} fz={26} mb="md">
          {org.name}
        </Title>
        <Table variant="vertical" withTableBorder={false}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={180}>{label}</Table.Th>
                <Table.Td>{value ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}
