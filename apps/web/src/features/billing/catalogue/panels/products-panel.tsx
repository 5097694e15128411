import type { Product } from '@fluxo/domain/billing/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconArchive, IconArchiveOff, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { useProducts, useUpdateProduct } from '../../api/catalogue.ts';
import { ProductFormModal, rateToday } from '../components/product-form-modal.tsx';
import { toastApiError } from '../components/toast-api-error.ts';
import { useCataloguePermissions } from '../hooks/use-catalogue-permissions.ts';
import { taxRegionOf } from '../lib/exemption-codes.ts';
import { formatUnitPrice } from '../lib/unit-price.ts';

/** Products and services: code, description, type, price and VAT (with today's rate), archive. */
export default function ProductsPanel({ variant }: { variant: 'desktop' | 'mobile' }) {
  const { t, i18n } = useTranslation();
  const permissions = useCataloguePermissions();
  const products = useProducts();
  const update = useUpdateProduct();
  const [search, setSearch] = useState('');
  const [showArchived, setShowArchived] = useState(false);
  const [editing, setEditing] = useState<Product | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const mobile = variant === 'mobile';
  const region = taxRegionOf(permissions.country);

  const open = (product: Product | null) => {
    setEditing(product);
    setFormOpen(true);
  };
  const needle = search.trim().toLocaleLowerCase();
  const list = (products.data ?? []).filter(
    (product) =>
      (showArchived || !product.archived) &&
      (!needle ||
        product.code.toLocaleLowerCase().includes(needle) ||
        product.description.toLocaleLowerCase().includes(needle)),
  );
  const price = (product: Product) => formatUnitPrice(product.unitPrice, permissions.currency, i18n.language);
  const vat = (product: Product) => {
    const rate = rateToday(region, product.taxCode);
    const name = t(`BILLING.CATALOGUE.TAX_CODES.${product.taxCode}`);
    const percent = rate === null ? '—' : `${new Intl.NumberFormat(i18n.language).format(rate / 100)} %`;
    return `${name} ${percent}${product.exemptionCode ? ` (${product.exemptionCode})` : ''}`;
  };
  const actions = (product: Product) =>
    permissions.edit && (
      <Group gap={2} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          aria-label={t('BILLING.CATALOGUE.EDIT_NAMED', { name: product.description })}
          onClick={() => open(product)}
        >
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color={product.archived ? 'teal' : 'gray'}
          aria-label={t(
            product.archived ? 'BILLING.CATALOGUE.UNARCHIVE_NAMED' : 'BILLING.CATALOGUE.ARCHIVE_NAMED',
            { name: product.description },
          )}
          onClick={() =>
            update.mutate(
              { id: product.id, body: { archived: !product.archived } },
              { onError: toastApiError },
            )
          }
        >
          {product.archived ? (
            <IconArchiveOff size={16} aria-hidden />
          ) : (
            <IconArchive size={16} aria-hidden />
          )}
        </ActionIcon>
      </Group>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="search"
          style={{ flex: 1, minWidth: mobile ? '100%' : 240 }}
          label={t('BILLING.CATALOGUE.PRODUCTS.SEARCH')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        {permissions.create && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => open(null)}
            fullWidth={mobile}
          >
            {t('BILLING.CATALOGUE.PRODUCTS.NEW')}
          </Button>
        )}
      </Group>
      <Checkbox
        label={t('BILLING.CATALOGUE.SHOW_ARCHIVED')}
        checked={showArchived}
        onChange={(event) => setShowArchived(event.currentTarget.checked)}
      />
      <ErrorAlert error={products.error} />
      {products.isPending ? (
        <Loader aria-label={t('COMMON.LOADING')} />
      ) : list.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('BILLING.CATALOGUE.PRODUCTS.EMPTY')}
        </Text>
      ) : mobile ? (
        <Stack
          gap="xs"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('BILLING.CATALOGUE.PRODUCTS.TITLE')}
        >
          {list.map((product) => (
            <Card key={product.id} component="li" withBorder padding="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {product.description}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {product.code} · {t(`BILLING.CATALOGUE.PRODUCT_TYPES.${product.productType}`)}
                  </Text>
                  <Text size="sm">
                    {price(product)} / {product.unit} · {vat(product)}
                  </Text>
                  {product.archived && (
                    <Badge size="sm" variant="outline" color="gray">
                      {t('BILLING.CATALOGUE.ARCHIVED')}
                    </Badge>
                  )}
                </Stack>
                {actions(product)}
              </Group>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover aria-label={t('BILLING.CATALOGUE.PRODUCTS.TITLE')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('BILLING.CATALOGUE.PRODUCT.CODE')}</Table.Th>
                <Table.Th>{t('BILLING.CATALOGUE.PRODUCT.DESCRIPTION')}</Table.Th>
                <Table.Th>{t('BILLING.CATALOGUE.PRODUCT.TYPE')}</Table.Th>
                <Table.Th ta="right">{t('BILLING.CATALOGUE.PRODUCT.PRICE')}</Table.Th>
                <Table.Th>{t('BILLING.CATALOGUE.PRODUCT.UNIT')}</Table.Th>
                <Table.Th>{t('BILLING.CATALOGUE.PRODUCT.VAT')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('BILLING.CATALOGUE.ACTIONS')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((product) => (
                <Table.Tr key={product.id}>
                  <Table.Td>{product.code}</Table.Td>
                  <Table.Td>
                    {product.description}
                    {product.archived && (
                      <Badge ml="xs" size="sm" variant="outline" color="gray">
                        {t('BILLING.CATALOGUE.ARCHIVED')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{t(`BILLING.CATALOGUE.PRODUCT_TYPES.${product.productType}`)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {price(product)}
                  </Table.Td>
                  <Table.Td>{product.unit}</Table.Td>
                  <Table.Td>{vat(product)}</Table.Td>
                  <Table.Td>{actions(product)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ProductFormModal
        opened={formOpen}
        onClose={() => setFormOpen(false)}
        product={editing}
        country={permissions.country}
        fullScreen={mobile}
      />
    </Stack>
  );
}
