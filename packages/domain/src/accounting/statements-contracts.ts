// Accounting contracts: statements (see modules/accounting/statements on the server).
export {};
