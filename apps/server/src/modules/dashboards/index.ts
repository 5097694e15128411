// The dashboards module's surface: its routes (docs/dashboards.md) and the assembly the bench times.
export { dashboardsRoutes } from './dashboards.routes.ts';
export { assembleDashboard, availableWidgets } from './dashboards.service.ts';
