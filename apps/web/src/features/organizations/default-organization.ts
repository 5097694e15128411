import type { Organization, OrganizationsList } from '@fluxo/domain/organizations/contracts';

/** Every organization of the list once, owned ones first. */
export function allOrganizations(list: OrganizationsList | undefined): Organization[] {
  if (!list) return [];
  const seen = new Set<string>();
  return [...list.myOrgs, ...list.memberOrgs, ...list.particularOrgs].filter((org) => {
    if (seen.has(org.id)) return false;
    seen.add(org.id);
    return true;
  });
}

/**
 * Spec §4: the organization named in the token, else the first unlocked owned one, else the first
 * unlocked one the user is a member of. A locked organization is never chosen.
 */
export function defaultOrganization(
  list: OrganizationsList,
  tokenDefault: string | null | undefined,
): Organization | null {
  const usable = allOrganizations(list).filter((org) => !org.locked);
  return (
    usable.find((org) => org.id === tokenDefault) ??
    list.myOrgs.find((org) => !org.locked) ??
    list.memberOrgs.find((org) => !org.locked) ??
    usable[0] ??
    null
  );
}

/** The organization in use: the one chosen on this device while it is still usable, else the default. */
export function resolveSelectedOrganization(
  list: OrganizationsList,
  storedId: string | null,
  tokenDefault: string | null | undefined,
): Organization | null {
  const stored = allOrganizations(list).find((org) => org.id === storedId && !org.locked);
  return stored ?? defaultOrganization(list, tokenDefault);
}

/** The first entry of the organization's menu (sorted by order), where a user lands after signing in. */
export function firstMenuPath(organization: Pick<Organization, 'menus'> | null): string | null {
  if (!organization) return null;
  const menus = [...organization.menus].sort((a, b) => a.order - b.order);
  for (const menu of menus) {
    const first = [...menu.subMenus].sort((a, b) => a.order - b.order)[0];
    if (first) return first.path;
  }
  return null;
}
