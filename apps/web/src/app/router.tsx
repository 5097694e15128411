import { createBrowserRouter } from 'react-router';
import { routes } from './route-tree.tsx';

export const router = createBrowserRouter(routes);
