// The data export's public surface (docs/data-export.md): the routes and the runner the app wires in.
export { dataExportRoutes } from './data-export.routes.ts';
export { createExportRunner, EXPORT_JOB, type ExportRunner } from './data-export.service.ts';
