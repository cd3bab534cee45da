import { createBrowserRouter, type LoaderFunctionArgs, Navigate, type RouteObject } from 'react-router';
import { clientsFilterFromParams, getClientsPageQueryOptions } from '@/features/clients/api/get-clients-page';
import { queryClient } from './query-client';
import { RouteError } from './routes/route-error';

type Loader = () => Promise<{ default: React.ComponentType }>;

/** Route modules are split: /login never downloads the dashboard, chart or chat code. */
const lazyPage = (load: Loader) => async () => ({ Component: (await load()).default });

/** The client list's first page is requested while the page's code downloads, not after it. */
function prefetchClients({ request }: LoaderFunctionArgs): null {
  const filter = clientsFilterFromParams(new URL(request.url).searchParams);
  void queryClient.prefetchInfiniteQuery(getClientsPageQueryOptions(filter));
  return null;
}

/**
 * What shows while the first route's code downloads: nothing yet (the page's own loader follows), said
 * explicitly so the router does not warn about a missing fallback on every load.
 */
function InitialLoad() {
  return null;
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    HydrateFallback: InitialLoad,
    children: [
      {
        lazy: lazyPage(() => import('./layouts/guest-layout')),
        children: [{ path: '/login', lazy: lazyPage(() => import('./routes/login-route')) }],
      },
      {
        path: '/',
        lazy: lazyPage(() => import('./layouts/protected-layout')),
        children: [
          { index: true, element: <Navigate to="/dashboard" replace /> },
          { path: 'dashboard', lazy: lazyPage(() => import('@/features/dashboard/dashboard-page')) },
          {
            path: 'conversations',
            lazy: lazyPage(() => import('@/features/conversations/conversations-page')),
          },
          {
            path: 'conversations/:id',
            lazy: lazyPage(() => import('@/features/conversations/conversations-page')),
          },
          {
            path: 'clients',
            loader: prefetchClients,
            lazy: lazyPage(() => import('@/features/clients/clients-page')),
          },
          { path: 'clients/:id', lazy: lazyPage(() => import('@/features/clients/clients-page')) },
          { path: 'analytics', lazy: lazyPage(() => import('@/features/analytics/analytics-page')) },
          {
            path: 'analytics/relatorios',
            lazy: lazyPage(() => import('@/features/analytics/reports-page')),
          },
          { path: 'training', lazy: lazyPage(() => import('@/features/training/training-page')) },
          { path: 'integrations', lazy: lazyPage(() => import('./routes/integrations-page')) },
          { path: 'settings', lazy: lazyPage(() => import('./routes/settings-page')) },
          { path: 'settings/profile', lazy: lazyPage(() => import('./routes/profile-page')) },
          { path: 'settings/:tab', lazy: lazyPage(() => import('./routes/settings-page')) },
          {
            path: 'notifications',
            lazy: lazyPage(() => import('@/features/notifications/components/notifications-page')),
          },
          { path: 'docs', lazy: lazyPage(() => import('./routes/docs-page')) },
          { path: 'support', lazy: lazyPage(() => import('./routes/support-page')) },
        ],
      },
      { path: '*', lazy: lazyPage(() => import('./routes/not-found-page')) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
