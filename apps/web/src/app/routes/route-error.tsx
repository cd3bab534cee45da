import { useRouteError } from 'react-router';
import { ErrorScreen } from './error-screen';

/** The router's error element: logs the failure and shows the last-resort screen. */
export function RouteError() {
  console.error('Erro ao carregar a página', useRouteError());
  return <ErrorScreen />;
}
