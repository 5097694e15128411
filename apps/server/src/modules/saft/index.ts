// The SAF-T module's public surface: the export route (basis F with issue 12; the accounting issue adds
// C and I, the AO schema and the import). It reads billing only through billing's index.ts.

export { saftRoutes } from './saft.routes.ts';
export { exportSaft, type SaftExportDeps, saftCustomerId } from './saft-export.ts';
