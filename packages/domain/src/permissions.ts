/** Permission flags are bit sets: a grant holds a flag when it contains all of its bits. */
export const PermissionFlag = {
  NONE: 0,
  VIEW: 1,
  CREATE: 2,
  VC: 3,
  EDIT: 4,
  VCE: 7,
  DELETE: 8,
  ADMIN: 15,
} as const;
export type PermissionFlagName = keyof typeof PermissionFlag;
export type PermissionFlagValue = (typeof PermissionFlag)[PermissionFlagName];

/** The resource catalogue, as `group.resource` names. */
export const RESOURCE_GROUPS = {
  portfolio: ['clients', 'addClients', 'invites', 'config', 'extras', 'configClients', 'configAddons'],
  treasury: [
    'cash',
    'cashConfigs',
    'inOut',
    'financing',
    'loans',
    'leasings',
    'financingConfigs',
    'pos',
    'digitalDocs',
    'subTransaction',
    'refreshData',
  ],
  financial: ['agenda', 'agendaConfigs', 'budget', 'cashflow', 'realEstate'],
  integrations: [
    'update',
    'ptCreditResponsibility',
    'ptTax',
    'ptSocialSecurity',
    'ptEInvoicing',
    'aoTax',
    'aoSocialSecurity',
    'aoContributorPortal',
  ],
  billing: ['documents', 'subscriptions', 'outstandingInvoices', 'configs'],
  accounting: ['reconciliation', 'entries', 'saft'],
  reports: ['businessEvaluation', 'saftPt', 'saftAo', 'saftMz'],
  chat: ['chat'],
  organization: ['orgs', 'categories', 'merchants', 'settings'],
  settings: ['orgs', 'teams', 'association', 'plugins'],
  dashboards: ['dashboards'],
} as const;

type Groups = typeof RESOURCE_GROUPS;
export type ResourceGroup = keyof Groups;
export type Resource = {
  [G in ResourceGroup]: `${G}.${Groups[G][number]}`;
}[ResourceGroup];

export const RESOURCES: readonly Resource[] = (Object.keys(RESOURCE_GROUPS) as ResourceGroup[]).flatMap(
  (group) => RESOURCE_GROUPS[group].map((name) => `${group}.${name}` as Resource),
);

const RESOURCE_SET: ReadonlySet<string> = new Set(RESOURCES);

export function isResource(value: string): value is Resource {
  return RESOURCE_SET.has(value);
}

/** A grant held by a member of an organization: resource → flag bits. */
export type Grants = Partial<Record<Resource, number>>;

/** True when `granted` holds every bit of `required`. */
export function hasFlag(granted: number, required: number): boolean {
  return (granted & required) === required;
}

/** Every resource at ADMIN: what an owner holds. */
export function allGrants(): Grants {
  return Object.fromEntries(RESOURCES.map((r) => [r, PermissionFlag.ADMIN])) as Grants;
}

/** Token form: `"treasury.cash.15"` — the resource, a dot, and the flag number. */
export function grantsToStrings(grants: Grants): string[] {
  return Object.entries(grants).map(([resource, flag]) => `${resource}.${flag}`);
}

/** Parses `"treasury.cash.15"`; null when the string has no dot or a non-numeric last segment. */
export function parsePermission(value: string): { resource: string; flag: number } | null {
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const number = value.slice(dot + 1);
  if (!/^\d+$/.test(number)) return null;
  return { resource: value.slice(0, dot), flag: Number(number) };
}

export function stringsToGrants(values: readonly string[]): Grants {
  const grants: Grants = {};
  for (const value of values) {
    const parsed = parsePermission(value);
    if (parsed && isResource(parsed.resource)) grants[parsed.resource] = parsed.flag;
  }
  return grants;
}

/**
 * The spec's check: with NONE the resource only needs to be listed; otherwise its number must
 * contain all the requested bits.
 */
export function can(grants: Grants, resource: Resource, required: number): boolean {
  const granted = grants[resource];
  if (granted === undefined) return false;
  return hasFlag(granted, required);
}

/** Same check over the token's list of `"resource.N"` strings. */
export function canFromStrings(values: readonly string[], resource: string, required: number): boolean {
  for (const value of values) {
    const parsed = parsePermission(value);
    if (parsed && parsed.resource === resource) return hasFlag(parsed.flag, required);
  }
  return false;
}
