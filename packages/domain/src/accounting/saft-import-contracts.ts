// Accounting contracts: saft-import (see modules/accounting/saft-import on the server).
export {};
