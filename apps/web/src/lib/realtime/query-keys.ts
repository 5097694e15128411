/**
 * Query-key roots of the data the real-time events refresh, for the modules that have no feature
 * folder yet: their queries must start with these keys so the events reach them. The built features
 * keep their own keys (organizations, subscriptions, addons, connections, support tickets).
 */
export const realtimeQueryKeys = {
  statements: ['statements'],
  accounts: ['accounts'],
  transactions: ['transactions'],
  operations: ['operations'],
  wallets: ['wallets'],
  clients: ['clients'],
  clientSuppliers: ['client-suppliers'],
  realEstate: ['real-estate'],
  billingProducts: ['billing', 'products'],
  billingDocuments: ['billing', 'documents'],
  billingSubscriptions: ['billing', 'subscriptions'],
  documents: ['documents'],
  uploads: ['uploads'],
  alerts: ['alerts'],
  plugins: ['plugins'],
  notifications: ['notifications'],
  associations: ['associations'],
  chat: ['chat'],
} as const;
