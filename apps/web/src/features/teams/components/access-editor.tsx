import {
  grantsBeyond,
  presetGrants,
  presetOf,
  ROLE_PRESETS,
  type RolePreset,
} from '@fluxo/domain/organizations/teams';
import type { Grants } from '@fluxo/domain/permissions';
import { Select, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PermissionMatrix } from './permission-matrix.tsx';

const CUSTOM = 'custom';

/** A role preset to pick, or the permission matrix to set each resource's flags. */
export function AccessEditor({
  value,
  onChange,
  limit,
}: {
  value: Grants;
  onChange: (grants: Grants) => void;
  limit?: Grants;
}) {
  const { t } = useTranslation();
  const preset = presetOf(value);
  const [showMatrix, setShowMatrix] = useState(preset === null);
  // A preset beyond the editor's own grants cannot be handed out.
  const reachable = ROLE_PRESETS.filter(
    (name) => !limit || grantsBeyond(limit, presetGrants(name)).length === 0,
  );
  return (
    <Stack gap="sm">
      <Select
        label={t('TEAMS.ROLE')}
        allowDeselect={false}
        value={preset ?? CUSTOM}
        data={[
          ...reachable.map((name) => ({ value: name, label: t(`TEAMS.PRESETS.${name.toUpperCase()}`) })),
          { value: CUSTOM, label: t('TEAMS.PRESETS.CUSTOM') },
        ]}
        onChange={(next) => {
          if (!next || next === CUSTOM) setShowMatrix(true);
          else onChange(presetGrants(next as RolePreset));
        }}
      />
      {preset && (
        <Text size="sm" c="dimmed">
          {t(`TEAMS.PRESET_PURPOSE.${preset.toUpperCase()}`)}
        </Text>
      )}
      <Switch
        label={t('TEAMS.MATRIX.SHOW')}
        checked={showMatrix}
        onChange={(event) => setShowMatrix(event.currentTarget.checked)}
      />
      {showMatrix && <PermissionMatrix value={value} onChange={onChange} limit={limit} />}
    </Stack>
  );
}
