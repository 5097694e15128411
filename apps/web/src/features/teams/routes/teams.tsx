import { leaveOrganizationContract } from '@fluxo/domain/organizations/contracts';
import type { Invitation, TeamMember } from '@fluxo/domain/organizations/teams';
import {
  canFromStrings,
  type Grants,
  PermissionFlag,
  RESOURCE_GROUPS,
  type ResourceGroup,
  stringsToGrants,
} from '@fluxo/domain/permissions';
import { Alert, Badge, Button, Card, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { SectionLoader } from '../../../components/full-page-loader.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { showSuccess } from '../../../components/widgets/toasts.ts';
import { apiRequest } from '../../../lib/api/client.ts';
import { isMobilePath } from '../../../lib/paths.ts';
import { useOrganizations } from '../../organizations/hooks/use-organizations.ts';
import { useInvitations, useMembers, useTeamMutations } from '../api/teams.ts';
import { InviteDialog } from '../components/invite-dialog.tsx';
import { MemberAccessDialog } from '../components/member-access-dialog.tsx';

const { VIEW, CREATE, EDIT, DELETE } = PermissionFlag;

/** The groups a member can see something of: "what they can access", in a few words. */
function accessGroups(permissions: string[]): ResourceGroup[] {
  const grants = stringsToGrants(permissions);
  return (Object.keys(RESOURCE_GROUPS) as ResourceGroup[]).filter((group) =>
    RESOURCE_GROUPS[group].some(
      (name) => ((grants as Record<string, number>)[`${group}.${name}`] ?? 0) & VIEW,
    ),
  );
}

type Pending =
  | { kind: 'edit'; member: TeamMember }
  | { kind: 'remove'; member: TeamMember }
  | { kind: 'transfer'; member: TeamMember }
  | { kind: 'revoke'; invitation: Invitation }
  | { kind: 'leave' }
  | null;

/**
 * User settings › Teams (desktop and /m): the selected organization's members with what they can
 * access, invitations, permission changes, removal and the transfer of ownership.
 */
export function TeamsRoute() {
  const { t } = useTranslation();
  const { selected, isPending } = useOrganizations();
  return (
    <>
      <PageHeader
        eyebrow={t('SHELL.PAGES.SETTINGS_GROUP')}
        title={t('SHELL.PAGES.SETTINGS_TEAMS.TITLE')}
        description={t('SHELL.PAGES.SETTINGS_TEAMS.PURPOSE')}
      />
      {isPending ? (
        <SectionLoader label={t('COMMON.LOADING')} />
      ) : !selected ? (
        <Alert color="blue" variant="light">
          {t('TEAMS.NO_ORGANIZATION')}
        </Alert>
      ) : !canFromStrings(selected.permissions, 'settings.teams', VIEW) ? (
        <Alert color="blue" variant="light">
          {t('TEAMS.NO_ACCESS', { name: selected.name })}
        </Alert>
      ) : (
        <Team
          key={selected.id}
          organizationId={selected.id}
          organizationName={selected.name}
          isOwner={selected.role === 'owner'}
          permissions={selected.permissions}
        />
      )}
    </>
  );
}

function Team({
  organizationId,
  organizationName,
  isOwner,
  permissions,
}: {
  organizationId: string;
  organizationName: string;
  isOwner: boolean;
  permissions: string[];
}) {
  const { t, i18n } = useTranslation();
  const mobile = isMobilePath(useLocation().pathname);
  const may = (flag: number) => canFromStrings(permissions, 'settings.teams', flag);
  const members = useMembers(organizationId);
  const invitations = useInvitations(organizationId, true);
  const mutations = useTeamMutations(organizationId);
  const [inviting, setInviting] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  /** What this member may hand out: the owner everything, a member their own grants. */
  const limit: Grants | undefined = isOwner ? undefined : stringsToGrants(permissions);
  const leave = useMutation({
    mutationFn: () =>
      apiRequest(leaveOrganizationContract, {
        params: { id: organizationId },
        organizationId,
        appErrorHandling: false,
      }),
  });
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language).format(new Date(iso));
  const error =
    mutations.remove.error ??
    mutations.transfer.error ??
    mutations.resend.error ??
    mutations.revoke.error ??
    leave.error;

  const roleOf = (member: TeamMember) =>
    member.role === 'owner'
      ? t('TEAMS.OWNER')
      : member.preset
        ? t(`TEAMS.PRESETS.${member.preset.toUpperCase()}`)
        : t('TEAMS.PRESETS.CUSTOM');
  const accessOf = (member: TeamMember) => {
    const groups = accessGroups(member.permissions);
    return groups.length === 0 ? t('TEAMS.NO_GRANTS') : groups.map((g) => t(`TEAMS.GROUPS.${g}`)).join(', ');
  };
  const actionsOf = (member: TeamMember) => {
    if (member.you) {
      return isOwner ? null : (
        <Button size="xs" variant="default" onClick={() => setPending({ kind: 'leave' })}>
          {t('TEAMS.LEAVE.ACTION')}
        </Button>
      );
    }
    if (member.role === 'owner') return null;
    return (
      <Group gap="xs" wrap="wrap">
        {may(EDIT) && (
          <Button
            size="xs"
            variant="light"
            aria-label={t('TEAMS.EDIT.ACTION_FOR', { name: member.name })}
            onClick={() => setPending({ kind: 'edit', member })}
          >
            {t('TEAMS.EDIT.ACTION')}
          </Button>
        )}
        {may(DELETE) && (
          <Button
            size="xs"
            variant="outline"
            color="red.9"
            aria-label={t('TEAMS.REMOVE.ACTION_FOR', { name: member.name })}
            onClick={() => setPending({ kind: 'remove', member })}
          >
            {t('TEAMS.REMOVE.ACTION')}
          </Button>
        )}
        {isOwner && (
          <Button
            size="xs"
            variant="subtle"
            aria-label={t('TEAMS.TRANSFER.ACTION_FOR', { name: member.name })}
            onClick={() => setPending({ kind: 'transfer', member })}
          >
            {t('TEAMS.TRANSFER.ACTION')}
          </Button>
        )}
      </Group>
    );
  };

  const list = members.data?.members ?? [];
  return (
    <Stack gap="lg" maw={1100}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} fz="lg">
              {t('TEAMS.MEMBERS_OF', { name: organizationName })}
            </Title>
            {may(CREATE) && <Button onClick={() => setInviting(true)}>{t('TEAMS.INVITE.ACTION')}</Button>}
          </Group>
          <ErrorAlert error={error} />
          {members.isPending ? (
            <SectionLoader label={t('COMMON.LOADING')} />
          ) : members.isError ? (
            <ErrorAlert error={members.error} />
          ) : mobile ? (
            <Stack gap="sm" aria-label={t('TEAMS.MEMBERS')} role="list">
              {list.map((member) => (
                <Card key={member.userId} withBorder radius="md" role="listitem">
                  <Stack gap={6}>
                    <Group justify="space-between" wrap="nowrap">
                      <Text fw={600}>{member.name}</Text>
                      <Badge variant="light">{roleOf(member)}</Badge>
                    </Group>
                    <Text size="sm" c="dimmed">
                      {member.email}
                    </Text>
                    <Text size="sm">{accessOf(member)}</Text>
                    {actionsOf(member)}
                  </Stack>
                </Card>
              ))}
            </Stack>
          ) : (
            <Table striped highlightOnHover aria-label={t('TEAMS.MEMBERS')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('TEAMS.COLUMNS.NAME')}</Table.Th>
                  <Table.Th>{t('TEAMS.COLUMNS.EMAIL')}</Table.Th>
                  <Table.Th>{t('TEAMS.COLUMNS.ROLE')}</Table.Th>
                  <Table.Th>{t('TEAMS.COLUMNS.ACCESS')}</Table.Th>
                  <Table.Th>{t('TEAMS.COLUMNS.ACTIONS')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((member) => (
                  <Table.Tr key={member.userId}>
                    <Table.Td>
                      {member.name}
                      {member.you && ` ${t('TEAMS.YOU')}`}
                    </Table.Td>
                    <Table.Td>{member.email}</Table.Td>
                    <Table.Td>
                      <Badge variant="light">{roleOf(member)}</Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{accessOf(member)}</Text>
                    </Table.Td>
                    <Table.Td>{actionsOf(member)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Paper>

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('TEAMS.INVITATIONS.TITLE')}
          </Title>
          {invitations.isPending ? (
            <SectionLoader label={t('COMMON.LOADING')} />
          ) : invitations.isError ? (
            <ErrorAlert error={invitations.error} />
          ) : invitations.data.invitations.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('TEAMS.INVITATIONS.NONE')}
            </Text>
          ) : (
            <Stack gap="xs" role="list" aria-label={t('TEAMS.INVITATIONS.TITLE')}>
              {invitations.data.invitations.map((invitation) => (
                <Card key={invitation.id} withBorder radius="md" role="listitem" p="sm">
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Stack gap={2}>
                      <Text fw={600}>{invitation.email}</Text>
                      <Text size="sm" c="dimmed">
                        {invitation.preset
                          ? t(`TEAMS.PRESETS.${invitation.preset.toUpperCase()}`)
                          : t('TEAMS.PRESETS.CUSTOM')}
                        {' · '}
                        {invitation.expired
                          ? t('TEAMS.INVITATIONS.EXPIRED')
                          : t('TEAMS.INVITATIONS.EXPIRES', { date: date(invitation.expiresAt) })}
                      </Text>
                    </Stack>
                    <Group gap="xs">
                      {may(CREATE) && (
                        <Button
                          size="xs"
                          variant="light"
                          loading={mutations.resend.isPending && mutations.resend.variables === invitation.id}
                          aria-label={t('TEAMS.INVITATIONS.RESEND_FOR', { email: invitation.email })}
                          onClick={() =>
                            mutations.resend.mutate(invitation.id, {
                              onSuccess: () =>
                                showSuccess({ message: t('TEAMS.INVITE.SENT', { email: invitation.email }) }),
                            })
                          }
                        >
                          {t('TEAMS.INVITATIONS.RESEND')}
                        </Button>
                      )}
                      {may(DELETE) && (
                        <Button
                          size="xs"
                          variant="outline"
                          color="red.9"
                          aria-label={t('TEAMS.INVITATIONS.REVOKE_FOR', { email: invitation.email })}
                          onClick={() => setPending({ kind: 'revoke', invitation })}
                        >
                          {t('TEAMS.INVITATIONS.REVOKE')}
                        </Button>
                      )}
                    </Group>
                  </Group>
                </Card>
              ))}
            </Stack>
          )}
        </Stack>
      </Paper>

      <InviteDialog
        organizationId={organizationId}
        opened={inviting}
        onClose={() => setInviting(false)}
        limit={limit}
      />
      {pending?.kind === 'edit' && (
        <MemberAccessDialog
          organizationId={organizationId}
          member={pending.member}
          limit={limit}
          onClose={() => setPending(null)}
        />
      )}
      <ConfirmDialog
        opened={pending?.kind === 'remove'}
        danger
        title={t('TEAMS.REMOVE.TITLE')}
        message={pending?.kind === 'remove' ? t('TEAMS.REMOVE.MESSAGE', { name: pending.member.name }) : ''}
        confirmLabel={t('TEAMS.REMOVE.CONFIRM')}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending?.kind !== 'remove') return;
          const { member } = pending;
          setPending(null);
          mutations.remove.mutate(member.userId, {
            onSuccess: () => showSuccess({ message: t('TEAMS.REMOVE.DONE', { name: member.name }) }),
          });
        }}
      />
      <ConfirmDialog
        opened={pending?.kind === 'transfer'}
        danger
        title={t('TEAMS.TRANSFER.TITLE')}
        message={
          pending?.kind === 'transfer' ? t('TEAMS.TRANSFER.MESSAGE', { name: pending.member.name }) : ''
        }
        confirmLabel={t('TEAMS.TRANSFER.CONFIRM')}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending?.kind !== 'transfer') return;
          const { member } = pending;
          setPending(null);
          mutations.transfer.mutate(member.userId, {
            onSuccess: () => showSuccess({ message: t('TEAMS.TRANSFER.DONE', { name: member.name }) }),
          });
        }}
      />
      <ConfirmDialog
        opened={pending?.kind === 'revoke'}
        danger
        title={t('TEAMS.INVITATIONS.REVOKE_TITLE')}
        message={
          pending?.kind === 'revoke'
            ? t('TEAMS.INVITATIONS.REVOKE_MESSAGE', { email: pending.invitation.email })
            : ''
        }
        confirmLabel={t('TEAMS.INVITATIONS.REVOKE')}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending?.kind !== 'revoke') return;
          const { invitation } = pending;
          setPending(null);
          mutations.revoke.mutate(invitation.id);
        }}
      />
      <ConfirmDialog
        opened={pending?.kind === 'leave'}
        danger
        title={t('TEAMS.LEAVE.TITLE')}
        message={t('TEAMS.LEAVE.MESSAGE', { name: organizationName })}
        confirmLabel={t('TEAMS.LEAVE.CONFIRM')}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          setPending(null);
          leave.mutate();
        }}
      />
    </Stack>
  );
}
