import {
  ORGANIZATION_LOGO_MAX_BYTES,
  type OrganizationDetails,
  type OrganizationUpdate,
  ZOrganizationUpdate,
} from '@fluxo/domain/organizations/contracts';
import { isValidVatNumber } from '@fluxo/domain/organizations/vat-number';
import { canFromStrings, PermissionFlag } from '@fluxo/domain/permissions';
import {
  Alert,
  Anchor,
  Button,
  ColorInput,
  FileButton,
  Group,
  Image,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { SectionLoader } from '../../../components/full-page-loader.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { showError, showSuccess } from '../../../components/widgets/toasts.ts';
import { fieldErrorsOf } from '../../../lib/api/errors.ts';
import { useFieldProps } from '../../../lib/forms/use-field-props.ts';
import { zodValidate } from '../../../lib/forms/zod-validate.ts';
import { hrefFor, isMobilePath, paths } from '../../../lib/paths.ts';
import { useCountries } from '../../../lib/reference-data/countries.ts';
import { useCurrencies } from '../../../lib/reference-data/currencies.ts';
import { useCodeOptions } from '../../../lib/reference-data/display-names.ts';
import { useOrganizationDetails } from '../api/get-organization.ts';
import { useOrganizationLogo, useSectors, useUpdateOrganization } from '../api/update-organization.ts';
import { DataExportPanel } from '../components/data-export.tsx';
import { useOrganizations } from '../hooks/use-organizations.ts';

const { VIEW, EDIT } = PermissionFlag;
const LOGO_TYPES = 'image/png,image/jpeg,image/svg+xml';

/**
 * Organization management › /organization (desktop and /m): the organization's identity (name, NIF,
 * sector, address, contacts, logo, brand colour) and its fiscal settings (VAT and accounting regime,
 * fiscal year, currency, country). Those without organization.orgs EDIT see them read-only.
 */
export function OrganizationRoute() {
  const { t } = useTranslation();
  const { selected, isPending } = useOrganizations();
  const details = useOrganizationDetails(selected?.id);
  const canView = !!selected && canFromStrings(selected.permissions, 'organization.orgs', VIEW);
  return (
    <>
      <PageHeader
        eyebrow={t('MENU.ORGANIZATION.TITLE')}
        title={selected?.name ?? t('MENU.ORGANIZATION.ORGANIZATION')}
        description={t('ORGANIZATION_PAGE.PURPOSE')}
      />
      {isPending ? (
        <SectionLoader label={t('COMMON.LOADING')} />
      ) : !selected ? (
        <Alert color="blue" variant="light">
          {t('ORGANIZATION_PAGE.NO_ORGANIZATION')}
        </Alert>
      ) : !canView ? (
        <Alert color="blue" variant="light">
          {t('ORGANIZATION_PAGE.NO_ACCESS', { name: selected.name })}
        </Alert>
      ) : details.isPending ? (
        <SectionLoader label={t('COMMON.LOADING')} />
      ) : details.data ? (
        <Stack gap="lg" key={details.data.id}>
          <IdentitySection
            organization={details.data}
            editable={canFromStrings(selected.permissions, 'organization.orgs', EDIT)}
          />
          <FiscalSection
            organization={details.data}
            editable={canFromStrings(selected.permissions, 'organization.orgs', EDIT)}
          />
          <RelatedLinks permissions={selected.permissions} />
          {selected.role === 'owner' && <DataExportPanel organizationId={details.data.id} />}
        </Stack>
      ) : (
        <ErrorAlert error={details.error} />
      )}
    </>
  );
}

interface IdentityValues {
  name: string;
  vatNumber: string;
  sectorCode: string;
  address: string;
  postalCode: string;
  city: string;
  email: string;
  phone: string;
  brandColor: string;
}

const schemaErrors = zodValidate<Partial<OrganizationUpdate>>(ZOrganizationUpdate);
/** Blank optional fields are cleared (null); the rest are sent as typed. */
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

function identityBody(values: IdentityValues): OrganizationUpdate {
  return {
    name: values.name,
    vatNumber: values.vatNumber,
    sectorCode: orNull(values.sectorCode),
    address: orNull(values.address),
    postalCode: orNull(values.postalCode),
    city: orNull(values.city),
    email: orNull(values.email),
    phone: orNull(values.phone),
    brandColor: orNull(values.brandColor),
  };
}

function IdentitySection({
  organization,
  editable,
}: {
  organization: OrganizationDetails;
  editable: boolean;
}) {
  const { t, i18n } = useTranslation();
  const update = useUpdateOrganization(organization.id);
  const sectors = useSectors('');
  const language = (i18n.language in { gb: 1, pt: 1, es: 1, fr: 1 } ? i18n.language : 'gb') as
    | 'gb'
    | 'pt'
    | 'es'
    | 'fr';
  const sectorOptions = useMemo(
    () =>
      (sectors.data ?? []).map((sector) => ({
        value: sector.code,
        label: `${sector.code} — ${sector.names[language]}`,
      })),
    [sectors.data, language],
  );
  const form = useForm<IdentityValues>({
    initialValues: {
      name: organization.name,
      vatNumber: organization.vatNumber,
      sectorCode: organization.sectorCode ?? '',
      address: organization.address ?? '',
      postalCode: organization.postalCode ?? '',
      city: organization.city ?? '',
      email: organization.email ?? '',
      phone: organization.phone ?? '',
      brandColor: organization.brandColor ?? '',
    },
    validate: (values) => {
      const errors = schemaErrors(identityBody(values)) as Record<string, string>;
      if (!errors.vatNumber && !isValidVatNumber(organization.country, values.vatNumber)) {
        errors.vatNumber = 'VALIDATION.VAT_NUMBER';
      }
      return errors;
    },
  });
  const field = useFieldProps(form);
  const submit = form.onSubmit((values) =>
    update.mutate(identityBody(values), {
      onSuccess: (saved) => {
        form.resetDirty({ ...values, sectorCode: saved.sectorCode ?? '', vatNumber: saved.vatNumber });
        showSuccess({ message: t('ORGANIZATION_PAGE.SAVED') });
      },
      onError: (error) => form.setErrors(fieldErrorsOf(error)),
    }),
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate aria-labelledby="organization-identity">
        <Stack gap="md">
          <Title order={2} size="h4" id="organization-identity">
            {t('ORGANIZATION_PAGE.IDENTITY.TITLE')}
          </Title>
          <LogoField organization={organization} editable={editable} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('ORGANIZATIONS.FIELDS.NAME')}
              required
              readOnly={!editable}
              {...field('name')}
            />
            <TextInput
              label={t('ORGANIZATIONS.FIELDS.VAT_NUMBER')}
              description={t('ORGANIZATIONS.FIELDS.VAT_NUMBER_HINT')}
              required
              readOnly={!editable}
              {...field('vatNumber')}
            />
          </SimpleGrid>
          <Select
            label={t('ORGANIZATION_PAGE.IDENTITY.SECTOR')}
            description={t('ORGANIZATION_PAGE.IDENTITY.SECTOR_HINT')}
            searchable
            clearable
            readOnly={!editable}
            nothingFoundMessage={t('COMMON.NOTHING_FOUND')}
            data={sectorOptions}
            {...field('sectorCode')}
            value={form.values.sectorCode || null}
            onChange={(value) => form.setFieldValue('sectorCode', value ?? '')}
          />
          <TextInput
            label={t('ORGANIZATION_PAGE.IDENTITY.ADDRESS')}
            readOnly={!editable}
            {...field('address')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('ORGANIZATION_PAGE.IDENTITY.POSTAL_CODE')}
              readOnly={!editable}
              {...field('postalCode')}
            />
            <TextInput label={t('ORGANIZATION_PAGE.IDENTITY.CITY')} readOnly={!editable} {...field('city')} />
            <TextInput
              label={t('ORGANIZATION_PAGE.IDENTITY.EMAIL')}
              type="email"
              readOnly={!editable}
              {...field('email')}
            />
            <TextInput
              label={t('ORGANIZATION_PAGE.IDENTITY.PHONE')}
              type="tel"
              readOnly={!editable}
              {...field('phone')}
            />
          </SimpleGrid>
          <ColorInput
            label={t('ORGANIZATION_PAGE.IDENTITY.BRAND_COLOR')}
            description={t('ORGANIZATION_PAGE.IDENTITY.BRAND_COLOR_HINT')}
            format="hex"
            withEyeDropper={false}
            readOnly={!editable}
            {...field('brandColor')}
          />
          <ErrorAlert error={update.error} />
          {editable && (
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending}>
                {t('ORGANIZATION_PAGE.IDENTITY.SAVE')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

function LogoField({ organization, editable }: { organization: OrganizationDetails; editable: boolean }) {
  const { t } = useTranslation();
  const { upload, remove } = useOrganizationLogo(organization.id);
  const pick = (file: File | null) => {
    if (!file) return;
    if (file.size > ORGANIZATION_LOGO_MAX_BYTES) {
      showError({
        message: t('ORGANIZATION_PAGE.LOGO.TOO_LARGE', { size: ORGANIZATION_LOGO_MAX_BYTES / 1024 }),
      });
      return;
    }
    upload.mutate(file, { onSuccess: () => showSuccess({ message: t('ORGANIZATION_PAGE.LOGO.SAVED') }) });
  };
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('ORGANIZATION_PAGE.LOGO.LABEL')}
      </Text>
      <Group gap="md" align="center">
        {organization.logoUrl ? (
          <Image
            src={organization.logoUrl}
            alt={t('ORGANIZATION_PAGE.LOGO.ALT', { name: organization.name })}
            h={56}
            w="auto"
            maw={160}
            fit="contain"
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('ORGANIZATION_PAGE.LOGO.NONE')}
          </Text>
        )}
        {editable && (
          <Group gap="xs">
            <FileButton onChange={pick} accept={LOGO_TYPES}>
              {(props) => (
                <Button size="xs" variant="light" loading={upload.isPending} {...props}>
                  {t('ORGANIZATION_PAGE.LOGO.UPLOAD')}
                </Button>
              )}
            </FileButton>
            {organization.logoUrl && (
              <Button size="xs" variant="default" loading={remove.isPending} onClick={() => remove.mutate()}>
                {t('ORGANIZATION_PAGE.LOGO.REMOVE')}
              </Button>
            )}
          </Group>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t('ORGANIZATION_PAGE.LOGO.HINT', { size: ORGANIZATION_LOGO_MAX_BYTES / 1024 })}
      </Text>
      <ErrorAlert error={upload.error ?? remove.error} />
    </Stack>
  );
}

interface FiscalValues {
  vatRegime: string;
  accountingRegime: string;
  fiscalYearStartMonth: string;
  currency: string;
  country: string;
}

function FiscalSection({ organization, editable }: { organization: OrganizationDetails; editable: boolean }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateOrganization(organization.id);
  const countryOptions = useCodeOptions(useCountries().data, 'region');
  const currencyOptions = useCodeOptions(useCurrencies().data, 'currency');
  const months = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, index) => ({
      value: String(index + 1),
      label: format.format(new Date(Date.UTC(2024, index, 1))),
    }));
  }, [i18n.language]);
  const form = useForm<FiscalValues>({
    initialValues: {
      vatRegime: organization.vatRegime,
      accountingRegime: organization.accountingRegime,
      fiscalYearStartMonth: String(organization.fiscalYearStartMonth),
      currency: organization.currency,
      country: organization.country,
    },
  });
  const field = useFieldProps(form);
  const submit = form.onSubmit((values) => {
    // Only what changed is sent: the country and fiscal-year start lock once the accounting starts.
    const body: OrganizationUpdate = {};
    if (form.isDirty('vatRegime')) body.vatRegime = values.vatRegime as OrganizationUpdate['vatRegime'];
    if (form.isDirty('accountingRegime')) {
      body.accountingRegime = values.accountingRegime as OrganizationUpdate['accountingRegime'];
    }
    if (form.isDirty('fiscalYearStartMonth')) body.fiscalYearStartMonth = Number(values.fiscalYearStartMonth);
    if (form.isDirty('currency')) body.currency = values.currency;
    if (form.isDirty('country')) body.country = values.country;
    update.mutate(body, {
      onSuccess: () => {
        form.resetDirty(values);
        showSuccess({ message: t('ORGANIZATION_PAGE.SAVED') });
      },
      onError: (error) => form.setErrors(fieldErrorsOf(error)),
    });
  });
  const select = (name: keyof FiscalValues) => ({
    ...field(name),
    allowDeselect: false,
    readOnly: !editable,
    value: form.values[name] || null,
    onChange: (value: string | null) => form.setFieldValue(name, value ?? ''),
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate aria-labelledby="organization-fiscal">
        <Stack gap="md">
          <Title order={2} size="h4" id="organization-fiscal">
            {t('ORGANIZATION_PAGE.FISCAL.TITLE')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label={t('ORGANIZATION_PAGE.FISCAL.VAT_REGIME')}
              data={[
                { value: 'monthly', label: t('ORGANIZATION_PAGE.FISCAL.VAT_MONTHLY') },
                { value: 'quarterly', label: t('ORGANIZATION_PAGE.FISCAL.VAT_QUARTERLY') },
              ]}
              {...select('vatRegime')}
            />
            <Select
              label={t('ORGANIZATION_PAGE.FISCAL.ACCOUNTING_REGIME')}
              data={[
                { value: 'organized', label: t('ORGANIZATION_PAGE.FISCAL.ORGANIZED') },
                { value: 'simplified', label: t('ORGANIZATION_PAGE.FISCAL.SIMPLIFIED') },
              ]}
              {...select('accountingRegime')}
            />
            <Select
              label={t('ORGANIZATION_PAGE.FISCAL.FISCAL_YEAR_START')}
              description={t('ORGANIZATION_PAGE.FISCAL.LOCKED_HINT')}
              data={months}
              {...select('fiscalYearStartMonth')}
            />
            <Select
              label={t('ORGANIZATIONS.FIELDS.COUNTRY')}
              description={t('ORGANIZATION_PAGE.FISCAL.LOCKED_HINT')}
              searchable
              nothingFoundMessage={t('COMMON.NOTHING_FOUND')}
              data={countryOptions}
              {...select('country')}
            />
            <Select
              label={t('ORGANIZATIONS.FIELDS.CURRENCY')}
              searchable
              nothingFoundMessage={t('COMMON.NOTHING_FOUND')}
              data={currencyOptions}
              {...select('currency')}
            />
          </SimpleGrid>
          <ErrorAlert error={update.error} />
          {editable && (
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
                {t('ORGANIZATION_PAGE.FISCAL.SAVE')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

/** Where the organization's other settings live: categories (treasury), team, plugins. */
function RelatedLinks({ permissions }: { permissions: string[] }) {
  const { t } = useTranslation();
  const mobile = isMobilePath(useLocation().pathname);
  const links: { href: string; label: string }[] = [];
  if (canFromStrings(permissions, 'treasury.inOut', VIEW)) {
    links.push({ href: paths.app.treasury.inOut.path, label: t('ORGANIZATION_PAGE.LINKS.CATEGORIES') });
  }
  if (canFromStrings(permissions, 'settings.teams', VIEW)) {
    links.push({ href: paths.app.settings.teams.path, label: t('ORGANIZATION_PAGE.LINKS.TEAM') });
  }
  links.push({
    href: paths.app.settings.organizations.path,
    label: t('ORGANIZATION_PAGE.LINKS.ORGANIZATIONS'),
  });
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('ORGANIZATION_PAGE.LINKS.TITLE')}
        </Title>
        {links.map((link) => (
          <Anchor key={link.href} component={Link} to={hrefFor(link.href, mobile)}>
            {link.label}
          </Anchor>
        ))}
      </Stack>
    </Paper>
  );
}
