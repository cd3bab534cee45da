import { RouterProvider } from 'react-router';
import { createAppRouter } from './router';

// Created when this module first loads, i.e. when the signed-in app (or an in-app route) is needed.
const router = createAppRouter();

/** The whole app under the data router (every route, /login included after in-app redirects). */
export function RouterApp() {
  return <RouterProvider router={router} />;
}
