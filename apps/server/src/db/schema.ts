// Every table, one file per feature; drizzle-kit reads this file to generate migrations.

export * from './schema/accounting.ts';
export * from './schema/addons.ts';
export * from './schema/audit.ts';
export * from './schema/billing.ts';
export * from './schema/billing-addresses.ts';
export * from './schema/connections.ts';
export * from './schema/core.ts';
export * from './schema/dashboards.ts';
export * from './schema/data-exports.ts';
export * from './schema/idempotency.ts';
export * from './schema/jobs.ts';
export * from './schema/payments.ts';
export * from './schema/plugins.ts';
export * from './schema/realtime.ts';
export * from './schema/sales.ts';
export * from './schema/subscriptions.ts';
export * from './schema/tax.ts';
export * from './schema/teams.ts';
export * from './schema/treasury.ts';
export * from './schema/two-factor.ts';
