import type { BillingAddress } from '@fluxo/domain/billing-addresses/contracts';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useSession } from '../../../lib/auth/session.ts';
import { useDisplayNames } from '../../../lib/reference-data/display-names.ts';
import { useBillingAddresses } from '../api/get-billing-addresses.ts';
import { useSetDefaultBillingAddress } from '../api/set-default-billing-address.ts';
import { BillingAddressForm } from './billing-address-form.tsx';

const MODAL_ID = 'billing-address';

/** The billing addresses invoices go to: list, add, edit, choose the default. */
export function BillingAddressesCard() {
  const { t } = useTranslation();
  const session = useSession();
  const addresses = useBillingAddresses();
  const setDefault = useSetDefaultBillingAddress();
  const country = useDisplayNames('region');

  const open = (address?: BillingAddress) =>
    modals.open({
      modalId: MODAL_ID,
      title: address ? t('BILLING.ADDRESSES.EDIT') : t('BILLING.ADDRESSES.ADD'),
      size: 'lg',
      children: (
        <BillingAddressForm
          address={address}
          defaultCountry={session?.claims.country?.toUpperCase()}
          onDone={() => modals.close(MODAL_ID)}
          onCancel={() => modals.close(MODAL_ID)}
        />
      ),
    });

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="billing-addresses">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg" id="billing-addresses">
          {t('BILLING.ADDRESSES.TITLE')}
        </Title>
        <Button variant="light" size="xs" onClick={() => open()}>
          {t('BILLING.ADDRESSES.ADD')}
        </Button>
      </Group>
      <ErrorAlert error={addresses.error ?? setDefault.error} />
      {addresses.data?.length === 0 && <Text c="dimmed">{t('BILLING.ADDRESSES.NONE')}</Text>}
      <Stack gap="sm">
        {addresses.data?.map((address) => (
          <Card key={address.id} withBorder radius="md" padding="sm">
            <Group justify="space-between" align="flex-start" wrap="wrap">
              <Stack gap={0}>
                <Group gap="xs">
                  <Text fw={600}>{address.name}</Text>
                  {address.isDefault && (
                    <Badge size="sm" variant="light">
                      {t('BILLING.ADDRESSES.DEFAULT')}
                    </Badge>
                  )}
                </Group>
                <Text size="sm">{address.address}</Text>
                <Text size="sm">
                  {[address.postalCode, address.city].filter(Boolean).join(' ')} · {country(address.country)}
                </Text>
                {address.vatNumber && (
                  <Text size="sm" c="dimmed">
                    {t('BILLING.ADDRESSES.VAT', { vat: address.vatNumber })}
                  </Text>
                )}
              </Stack>
              <Group gap="xs">
                {!address.isDefault && (
                  <Button
                    size="xs"
                    variant="subtle"
                    loading={setDefault.isPending && setDefault.variables === address.id}
                    onClick={() => setDefault.mutate(address.id)}
                  >
                    {t('BILLING.ADDRESSES.SET_DEFAULT')}
                  </Button>
                )}
                <Button size="xs" variant="default" onClick={() => open(address)}>
                  {t('BILLING.ADDRESSES.EDIT')}
                </Button>
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
    </Card>
  );
}
