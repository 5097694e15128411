// Accounting contracts: ledger (see modules/accounting/ledger on the server).
export {};
