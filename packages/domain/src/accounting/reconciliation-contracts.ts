// Accounting contracts: reconciliation (see modules/accounting/reconciliation on the server).
export {};
