import { Alert, Button, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The recovery codes, shown this once: the user copies or writes them down, then says so. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" title={t('TWO_FACTOR.RECOVERY.TITLE')}>
        {t('TWO_FACTOR.RECOVERY.TEXT')}
      </Alert>
      <List
        aria-label={t('TWO_FACTOR.RECOVERY.LIST')}
        listStyleType="none"
        spacing={4}
        ff="monospace"
        style={{ columns: 2, columnGap: 24 }}
      >
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group>
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            >
              {copied ? t('TWO_FACTOR.RECOVERY.COPIED') : t('TWO_FACTOR.RECOVERY.COPY')}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{t('TWO_FACTOR.RECOVERY.DONE')}</Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('TWO_FACTOR.RECOVERY.HINT')}
      </Text>
    </Stack>
  );
}
