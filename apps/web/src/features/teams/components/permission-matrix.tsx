import {
  type Grants,
  hasFlag,
  PermissionFlag,
  RESOURCE_GROUPS,
  type Resource,
  type ResourceGroup,
} from '@fluxo/domain/permissions';
import { Checkbox, ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The four flag bits a matrix shows, one column each. */
export const MATRIX_FLAGS = [
  ['VIEW', PermissionFlag.VIEW],
  ['CREATE', PermissionFlag.CREATE],
  ['EDIT', PermissionFlag.EDIT],
  ['DELETE', PermissionFlag.DELETE],
] as const;

const GROUPS = Object.keys(RESOURCE_GROUPS) as ResourceGroup[];

/** A resource's name in the user's language: "Documents (Billing)". */
export function useResourceLabel() {
  const { t } = useTranslation();
  return (resource: Resource) => {
    const [group = '', name = ''] = resource.split('.');
    return t('TEAMS.RESOURCE_IN_GROUP', {
      resource: t(`TEAMS.RESOURCES.${group}.${name}`),
      group: t(`TEAMS.GROUPS.${group}`),
    });
  };
}

/** Sets or clears one bit of a resource; a resource left with no bit is no longer granted. */
export function toggleFlag(grants: Grants, resource: Resource, flag: number, on: boolean): Grants {
  const next: Grants = { ...grants };
  const bits = on ? (next[resource] ?? 0) | flag : (next[resource] ?? 0) & ~flag;
  if (bits === 0) delete next[resource];
  else next[resource] = bits;
  return next;
}

/**
 * Resources × flags, one checkbox each with an accessible name ("Documents (Billing): edit").
 * `limit`: what the editor may hand out (a member's own grants); bits beyond it are disabled.
 */
export function PermissionMatrix({
  value,
  onChange,
  limit,
  groups = GROUPS.filter((group) => group !== 'portfolio'),
}: {
  value: Grants;
  onChange: (grants: Grants) => void;
  limit?: Grants;
  groups?: readonly ResourceGroup[];
}) {
  const { t } = useTranslation();
  const label = useResourceLabel();
  return (
    <ScrollArea.Autosize mah={420} type="auto">
      <Table striped withTableBorder stickyHeader aria-label={t('TEAMS.MATRIX.TITLE')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('TEAMS.MATRIX.RESOURCE')}</Table.Th>
            {MATRIX_FLAGS.map(([name]) => (
              <Table.Th key={name} ta="center">
                {t(`TEAMS.FLAGS.${name}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((group) => [
            <Table.Tr key={group}>
              <Table.Th colSpan={MATRIX_FLAGS.length + 1} scope="rowgroup">
                <Text fw={600} size="sm">
                  {t(`TEAMS.GROUPS.${group}`)}
                </Text>
              </Table.Th>
            </Table.Tr>,
            ...RESOURCE_GROUPS[group].map((name) => {
              const resource = `${group}.${name}` as Resource;
              return (
                <Table.Tr key={resource}>
                  <Table.Td>{t(`TEAMS.RESOURCES.${group}.${name}`)}</Table.Td>
                  {MATRIX_FLAGS.map(([flagName, flag]) => {
                    const allowed = !limit || hasFlag(limit[resource] ?? 0, flag);
                    return (
                      <Table.Td key={flagName} ta="center">
                        <Checkbox
                          display="inline-block"
                          aria-label={t('TEAMS.MATRIX.CELL', {
                            resource: label(resource),
                            flag: t(`TEAMS.FLAGS.${flagName}`).toLowerCase(),
                          })}
                          checked={hasFlag(value[resource] ?? 0, flag)}
                          disabled={!allowed}
                          onChange={(event) =>
                            onChange(toggleFlag(value, resource, flag, event.currentTarget.checked))
                          }
                        />
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              );
            }),
          ])}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
