import type { Organization, OrganizationsList } from '@fluxo/domain/organizations/contracts';
import { useEffect, useMemo } from 'react';
import {
  setSelectedOrganizationId,
  useSelectedOrganizationId,
  useSession,
} from '../../../lib/auth/session.ts';
import { useOrganizationsList } from '../api/get-organizations.ts';
import { allOrganizations, resolveSelectedOrganization } from '../default-organization.ts';

export interface OrganizationsState {
  list: OrganizationsList | undefined;
  all: Organization[];
  selected: Organization | null;
  isPending: boolean;
  isError: boolean;
}

/** The user's organizations and the one in use (the signed-in layout only). */
export function useOrganizations(): OrganizationsState {
  const session = useSession();
  const storedId = useSelectedOrganizationId();
  const query = useOrganizationsList(session?.claims.sub ?? '');
  const selected = useMemo(
    () => (query.data ? resolveSelectedOrganization(query.data, storedId, session?.claims.defaultOrg) : null),
    [query.data, storedId, session?.claims.defaultOrg],
  );
  return {
    list: query.data,
    all: useMemo(() => allOrganizations(query.data), [query.data]),
    selected,
    isPending: query.isPending,
    isError: query.isError,
  };
}

/**
 * Keeps the organization in use stored, so every call carries it as OrgId: the default one on first
 * use, another when the stored one was removed or locked.
 */
export function useKeepSelectedOrganization(): void {
  const { selected, list } = useOrganizations();
  const storedId = useSelectedOrganizationId();
  useEffect(() => {
    if (!list) return;
    const id = selected?.id ?? null;
    if (id !== storedId) setSelectedOrganizationId(id);
  }, [list, selected, storedId]);
}
