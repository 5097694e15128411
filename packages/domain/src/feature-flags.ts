export const FEATURE_FLAGS = [
  'billingFeature',
  'dailyBalancesDashboardFeature',
  'maintenanceFlag',
  'subTransactionsFeature',
  'transactionsViewPolicyFeature',
  'financingLoansFeature',
  'financingLeasingsFeature',
] as const;
export type FeatureFlagName = (typeof FEATURE_FLAGS)[number];
export type FeatureFlags = Record<FeatureFlagName, boolean>;
export function isFeatureFlagName(value: string): value is FeatureFlagName {
  return (FEATURE_FLAGS as readonly string[]).includes(value);
}
/** What the client assumes when the flags cannot be loaded: everything off. */
export function allFlagsOff(): FeatureFlags {
  return Object.fromEntries(FEATURE_FLAGS.map((f) => [f, false])) as FeatureFlags;
}
