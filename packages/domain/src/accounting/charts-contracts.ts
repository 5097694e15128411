// Accounting contracts: charts (see modules/accounting/charts on the server).
export {};
