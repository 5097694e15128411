import { Profile } from '@fluxo/domain/profiles';
import { paths } from '../../../lib/paths.ts';

export type WelcomeStepKey =
  | 'organization'
  | 'organizationData'
  | 'bank'
  | 'invoice'
  | 'budget'
  | 'clients'
  | 'accountant'
  | 'team';

export interface WelcomeStep {
  key: WelcomeStepKey;
  done: boolean;
  /** Where the step is done; null for the create-organization step, which opens a modal. */
  href: string | null;
}

/** Details an organization needs before invoices and tax integrations can use it. */
const ORGANIZATION_FIELDS = ['email', 'phone', 'address', 'postalCode', 'city', 'sectorCode'] as const;
type OrganizationFields = Partial<Record<(typeof ORGANIZATION_FIELDS)[number], string | null>>;

export function isOrganizationComplete(organization: OrganizationFields | null | undefined): boolean {
  return !!organization && ORGANIZATION_FIELDS.every((field) => !!organization[field]?.trim());
}

export interface WelcomeInput {
  /** The user's profile code (pid). */
  profile: number;
  hasOrganization: boolean;
  /** Paths of the selected organization's menu: the plan and the permissions decide what is there. */
  menuPaths: readonly string[];
  /** The selected organization's record, when it could be read. */
  organization: OrganizationFields | null;
  /** Bank connections of the selected organization, when they could be counted. */
  bankConnections: number | null;
}

/**
 * What this user should set up next, by profile and by what the plan's menu offers. A step is done
 * only when the data says so; steps of modules not built yet link to their page and stay open.
 */
export function welcomeSteps(input: WelcomeInput): WelcomeStep[] {
  if (!input.hasOrganization) return [{ key: 'organization', done: false, href: null }];
  const has = (path: string) => input.menuPaths.includes(path);
  const treasuryPath = input.menuPaths.find((path) => path.startsWith('/treasury/'));
  const steps: WelcomeStep[] = [];
  const manage = (key: WelcomeStepKey, done: boolean, href: string) => steps.push({ key, done, href });

  if (has(paths.app.organization.path)) {
    manage('organizationData', isOrganizationComplete(input.organization), paths.app.organization.getHref());
  }
  if (input.profile === Profile.EXPERT && has(paths.app.portfolio.clients.path)) {
    manage('clients', false, paths.app.portfolio.clients.getHref());
  }
  if (treasuryPath) manage('bank', (input.bankConnections ?? 0) > 0, treasuryPath);
  if (input.profile === Profile.PARTICULAR) {
    if (has(paths.app.financial.budget.path)) manage('budget', false, paths.app.financial.budget.getHref());
  } else if (has(paths.app.billing.documents.path)) {
    manage('invoice', false, paths.app.billing.documents.getHref());
  }
  if (input.profile === Profile.EXPERT) manage('team', false, paths.app.settings.teams.getHref());
  else if (input.profile !== Profile.PARTICULAR)
    manage('accountant', false, paths.app.settings.teams.getHref());
  return steps;
}

export function welcomeProgress(steps: readonly WelcomeStep[]): {
  done: number;
  total: number;
  percent: number;
} {
  const done = steps.filter((step) => step.done).length;
  return { done, total: steps.length, percent: steps.length ? Math.round((done / steps.length) * 100) : 0 };
}
