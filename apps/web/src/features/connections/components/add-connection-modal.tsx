import type { ConnectionAuthType } from '@fluxo/domain/code-tables';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/errors.ts';
import { useAddConnection, useInstitutions } from '../api/connections.ts';
import { setAddConnectionModalOpen } from '../two-factor-store.ts';

/**
 * "Add bank connection": the institution, the auth type it offers, a name; creating it starts the
 * authentication, whose two-factor toast shows once the modal has closed (spec §4).
 */
export function AddConnectionModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const institutions = useInstitutions(opened);
  const add = useAddConnection();
  const [institutionCode, setInstitutionCode] = useState<string | null>(null);
  const [authType, setAuthType] = useState<string | null>(null);
  const [name, setName] = useState('');

  useEffect(() => {
    setAddConnectionModalOpen(opened);
    return () => setAddConnectionModalOpen(false);
  }, [opened]);

  const institution = institutions.data?.find((item) => item.code === institutionCode) ?? null;
  // Banks behind an aggregator are authorised at the bank itself: no auth type to choose.
  const redirect = institution?.consentFlow === 'redirect';
  const ready = !!institution && (redirect || !!authType) && name.trim() !== '';

  function close() {
    add.reset();
    setInstitutionCode(null);
    setAuthType(null);
    setName('');
    onClose();
  }

  async function submit() {
    if (!institution || !ready) return;
    const created = await add.mutateAsync({
      institutionCode: institution.code,
      ...(redirect ? {} : { authType: authType as ConnectionAuthType }),
      name: name.trim(),
    });
    if (created.authorizationUrl) {
      // To the bank's consent page; it sends the user back to /treasury/wallets.
      window.location.assign(created.authorizationUrl);
      return;
    }
    close();
  }

  const errorCode = add.error instanceof ApiError ? add.error.code : add.error ? 'UNKNOWN' : null;

  return (
    <Modal opened={opened} onClose={close} title={t('CONNECTIONS.ADD.TITLE')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit().catch(() => undefined);
        }}
      >
        <Stack gap="md">
          <Select
            label={t('CONNECTIONS.ADD.INSTITUTION')}
            placeholder={t('CONNECTIONS.ADD.INSTITUTION_PLACEHOLDER')}
            data={(institutions.data ?? []).map((item) => ({ value: item.code, label: item.name }))}
            value={institutionCode}
            onChange={(value) => {
              setInstitutionCode(value);
              setAuthType(null);
            }}
            disabled={institutions.isPending}
            comboboxProps={{ withinPortal: true }}
          />
          {institution?.hint && (
            <Text size="xs" c="dimmed">
              {institution.hint}
            </Text>
          )}
          {redirect ? (
            <Text size="sm" c="dimmed">
              {t('TREASURY.CONNECTIONS.REDIRECT_NOTE')}
            </Text>
          ) : (
            <Select
              label={t('CONNECTIONS.ADD.AUTH_TYPE')}
              placeholder={t('CONNECTIONS.ADD.AUTH_TYPE_PLACEHOLDER')}
              data={(institution?.authTypes ?? []).map((type) => ({
                value: type,
                label: t(`CONNECTIONS.AUTH_TYPES.${type.toUpperCase()}`),
              }))}
              value={authType}
              onChange={setAuthType}
              disabled={!institution}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <TextInput
            label={t('CONNECTIONS.ADD.NAME')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={100}
          />
          {errorCode && (
            <Alert color="red" role="alert">
              {t('CONNECTIONS.ADD.FAILED')}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('CONNECTIONS.ADD.CANCEL')}
            </Button>
            <Button type="submit" loading={add.isPending} disabled={!ready}>
              {t('CONNECTIONS.ADD.SUBMIT')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
