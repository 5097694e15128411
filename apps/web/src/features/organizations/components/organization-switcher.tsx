import { initials } from '@fluxo/domain/format/ids';
import type { Organization } from '@fluxo/domain/organizations/contracts';
import { Avatar, Badge, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconLock, IconPlus, IconSelector, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCreateOrganizationModal } from '../hooks/use-create-organization-modal.tsx';
import { useOrganizations } from '../hooks/use-organizations.ts';
import { useRemoveOrganization } from '../hooks/use-remove-organization.ts';
import { useSelectOrganization } from '../hooks/use-select-organization.ts';
import classes from './organization-switcher.module.css';

function OrganizationItem({
  organization,
  selected,
  onSelect,
}: {
  organization: Organization;
  selected: boolean;
  onSelect: (organization: Organization) => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu.Item
      disabled={organization.locked}
      aria-current={selected ? 'true' : undefined}
      leftSection={
        <Avatar size={28} radius="sm" color={organization.locked ? 'gray' : 'brand'} aria-hidden>
          {initials(organization.name)}
        </Avatar>
      }
      rightSection={
        organization.locked ? (
          <Badge size="xs" color="gray" variant="light" leftSection={<IconLock size={10} aria-hidden />}>
            {t('ORGANIZATIONS.LOCKED')}
          </Badge>
        ) : selected ? (
          <IconCheck size={16} aria-hidden />
        ) : (
          <Badge size="xs" variant="default">
            {organization.country}
          </Badge>
        )
      }
      onClick={() => !selected && onSelect(organization)}
    >
      <Text size="sm" lineClamp={1}>
        {organization.name}
      </Text>
    </Menu.Item>
  );
}

/**
 * The organization in use and the way to another: owned, member and personal organizations listed
 * apart; locked ones shown but not selectable (spec §4); a new one created from here.
 */
export function OrganizationSwitcher() {
  const { t } = useTranslation();
  const { list, selected } = useOrganizations();
  const { select } = useSelectOrganization();
  const openCreate = useCreateOrganizationModal();
  const removeOrganization = useRemoveOrganization();
  const groups = [
    { key: 'mine', label: t('ORGANIZATIONS.MINE'), items: list?.myOrgs ?? [] },
    { key: 'member', label: t('ORGANIZATIONS.MEMBER'), items: list?.memberOrgs ?? [] },
    { key: 'particular', label: t('ORGANIZATIONS.PARTICULAR'), items: list?.particularOrgs ?? [] },
  ].filter((group) => group.items.length > 0);

  return (
    <Menu position="bottom-start" shadow="md" width={320}>
      <Menu.Target>
        <UnstyledButton
          className={classes.target}
          aria-label={
            selected ? t('ORGANIZATIONS.SWITCHER', { name: selected.name }) : t('ORGANIZATIONS.SWITCHER_NONE')
          }
        >
          <Group gap="sm" wrap="nowrap">
            <Avatar size={32} radius="sm" color="brand" variant="filled" aria-hidden>
              {selected ? initials(selected.name) : <IconPlus size={16} />}
            </Avatar>
            <Box className={classes.text}>
              <Text size="xs" c="dimmed" lh={1.2}>
                {t('ORGANIZATIONS.CURRENT')}
              </Text>
              <Text size="sm" fw={600} lh={1.3} truncate="end">
                {selected ? selected.name : t('ORGANIZATIONS.NONE')}
              </Text>
            </Box>
            <IconSelector size={16} className={classes.chevron} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {groups.map((group) => (
          <div key={group.key}>
            <Menu.Label>{group.label}</Menu.Label>
            {group.items.map((organization) => (
              <OrganizationItem
                key={organization.id}
                organization={organization}
                selected={organization.id === selected?.id}
                onSelect={(next) => void select(next)}
              />
            ))}
          </div>
        ))}
        {groups.length > 0 && <Menu.Divider />}
        <Menu.Item leftSection={<IconPlus size={16} aria-hidden />} onClick={openCreate}>
          {t('ORGANIZATIONS.CREATE.ACTION')}
        </Menu.Item>
        {selected?.role === 'owner' && (
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => void removeOrganization(selected)}
          >
            {t('DIALOGS.REMOVE_ORGANIZATION.ACTION', { name: selected.name })}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
