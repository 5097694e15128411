import { validationIssueKey } from '@fluxo/domain/errors';
import { PLUGIN_CATALOGUE, type PluginField, type PluginKey } from '@fluxo/domain/plugins/catalogue';
import type { PluginState, PluginTestResult } from '@fluxo/domain/plugins/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { showSuccess } from '../../../components/widgets/toasts.ts';
import { fieldErrorsOf } from '../../../lib/api/errors.ts';
import { usePluginMutations } from '../api/plugins.ts';

type Value = string | number | boolean;

/** What a new configuration starts from (SMTP: submission port with STARTTLS). */
const DEFAULTS: Record<PluginKey, Record<string, Value>> = {
  'bank-aggregator': { provider: 'sandbox' },
  smtp: { host: '', port: 587, secure: false, user: '', fromAddress: '' },
  multibanco: { entity: '', subEntity: '' },
  'tax-authority': { username: '' },
};

/** PLUGINS.<SEGMENT>: smtp → SMTP, tax-authority → TAX_AUTHORITY. */
export const pluginSegment = (key: PluginKey) => key.toUpperCase().replaceAll('-', '_');

/**
 * One integration: its state, the enable switch, the configuration form (secrets as password inputs
 * that say whether a value is stored and are sent only when typed) and the test button with its result.
 */
export function PluginCard({
  organizationId,
  plugin,
  canEdit,
}: {
  organizationId: string;
  plugin: PluginState;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const { key } = plugin;
  const definition = PLUGIN_CATALOGUE[key];
  const segment = pluginSegment(key);
  const mutations = usePluginMutations(organizationId, key);
  const [values, setValues] = useState<Record<string, Value>>({ ...DEFAULTS[key], ...(plugin.config ?? {}) });
  const [secrets, setSecrets] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<PluginTestResult | null>(null);
  const label = (field: PluginField) => t(`PLUGINS.${segment}.FIELDS.${field.name}`);
  const error = (name: string) => (errors[name] ? t(errors[name]) : undefined);
  const set = (name: string, value: Value) => setValues((current) => ({ ...current, [name]: value }));

  const save = () => {
    const config = Object.fromEntries(
      definition.fields.filter((f) => f.kind !== 'secret').map((f) => [f.name, values[f.name] ?? '']),
    );
    const parsed = definition.config.safeParse(config);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [String(issue.path[0] ?? ''), validationIssueKey(issue)]),
        ),
      );
      return;
    }
    setErrors({});
    const changed = Object.fromEntries(Object.entries(secrets).filter(([, value]) => value !== ''));
    mutations.save.mutate(
      { config, ...(Object.keys(changed).length ? { secrets: changed } : {}) },
      {
        onSuccess: () => {
          setSecrets({});
          setResult(null);
          showSuccess({ message: t('PLUGINS.SAVED') });
        },
        onError: (failure) =>
          setErrors(
            Object.fromEntries(
              Object.entries(fieldErrorsOf(failure)).map(([path, messageKey]) => [
                path.replace(/^(config|secrets)\./, ''),
                messageKey,
              ]),
            ),
          ),
      },
    );
  };

  const input = (field: PluginField) => {
    const common = {
      key: field.name,
      label: label(field),
      error: error(field.name),
      disabled: !canEdit,
      required: !field.optional && field.kind !== 'switch',
    };
    switch (field.kind) {
      case 'secret': {
        const stored = plugin.secrets[field.name] === true;
        return (
          <PasswordInput
            {...common}
            required={false}
            autoComplete="new-password"
            value={secrets[field.name] ?? ''}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setSecrets((current) => ({ ...current, [field.name]: value }));
            }}
            description={stored ? t('PLUGINS.SECRET_SET_HINT') : t('PLUGINS.SECRET_NOT_SET_HINT')}
            placeholder={stored ? '••••••••' : ''}
          />
        );
      }
      case 'number':
        return (
          <NumberInput
            {...common}
            allowDecimal={false}
            value={typeof values[field.name] === 'number' ? (values[field.name] as number) : ''}
            onChange={(value) => set(field.name, typeof value === 'number' ? value : Number.NaN)}
          />
        );
      case 'switch':
        return (
          <Switch
            key={field.name}
            label={label(field)}
            disabled={!canEdit}
            checked={values[field.name] === true}
            onChange={(event) => set(field.name, event.currentTarget.checked)}
          />
        );
      case 'select':
        return (
          <Select
            {...common}
            allowDeselect={false}
            data={(field.options ?? []).map((option) => ({
              value: option,
              label: t(`PLUGINS.OPTIONS.${option}`),
            }))}
            value={String(values[field.name] ?? '')}
            onChange={(value) => value && set(field.name, value)}
          />
        );
      default:
        return (
          <TextInput
            {...common}
            type={field.kind === 'email' ? 'email' : 'text'}
            value={String(values[field.name] ?? '')}
            onChange={(event) => set(field.name, event.currentTarget.value)}
          />
        );
    }
  };

  const failure =
    mutations.setEnabled.error ??
    mutations.test.error ??
    (mutations.save.error && !Object.keys(errors).length ? mutations.save.error : null);

  return (
    <Card
      component="section"
      withBorder
      padding="lg"
      data-plugin={key}
      aria-labelledby={`plugin-${key}-title`}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Title order={3} size="h4" id={`plugin-${key}-title`}>
              {t(`PLUGINS.${segment}.TITLE`)}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`PLUGINS.${segment}.DESCRIPTION`)}
            </Text>
          </div>
          <Badge
            color={plugin.enabled ? 'green' : plugin.configured ? 'blue' : 'gray'}
            variant="light"
            style={{ flexShrink: 0 }}
          >
            {plugin.enabled
              ? t('PLUGINS.STATUS_ENABLED')
              : plugin.configured
                ? t('PLUGINS.STATUS_CONFIGURED')
                : t('PLUGINS.STATUS_NOT_CONFIGURED')}
          </Badge>
        </Group>
        <Switch
          label={t('PLUGINS.ENABLE', { name: t(`PLUGINS.${segment}.TITLE`) })}
          checked={plugin.enabled}
          disabled={!canEdit || mutations.setEnabled.isPending}
          onChange={(event) => mutations.setEnabled.mutate(event.currentTarget.checked)}
        />
        {definition.fields.map((field) =>
          field.kind === 'secret' ? (
            <Stack key={field.name} gap={2}>
              {input(field)}
              <Text size="xs" data-testid={`secret-${key}-${field.name}`}>
                {plugin.secrets[field.name] ? t('PLUGINS.SECRET_SET') : t('PLUGINS.SECRET_NOT_SET')}
              </Text>
            </Stack>
          ) : (
            input(field)
          ),
        )}
        {key === 'tax-authority' && (
          <Text size="xs" c="dimmed">
            {t('PLUGINS.TAX_AUTHORITY.FORMAT_ONLY_NOTE')}
          </Text>
        )}
        {failure && <ErrorAlert error={failure} />}
        {result && (
          <Alert color={result.ok ? 'green' : 'red'} variant="light" role="status">
            {t(`PLUGINS.TEST.${result.code}`)}
            {result.formatOnly && (
              <Text size="xs" mt={4}>
                {t('PLUGINS.FORMAT_ONLY')}
              </Text>
            )}
          </Alert>
        )}
        {canEdit && (
          <Group gap="sm">
            <Button onClick={save} loading={mutations.save.isPending}>
              {t('PLUGINS.SAVE')}
            </Button>
            <Button
              variant="default"
              disabled={!plugin.configured}
              loading={mutations.test.isPending}
              onClick={() => {
                setResult(null);
                mutations.test.mutate(undefined, { onSuccess: setResult });
              }}
            >
              {t('PLUGINS.TEST_ACTION')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
