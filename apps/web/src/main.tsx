import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { initTheme } from './features/theme/theme-store';
import { registerServiceWorker } from './lib/register-service-worker';
import { getAuthState, validateSession } from './lib/session';
import './styles.css';

initTheme();
void validateSession();
registerServiceWorker();

const root = createRoot(document.getElementById('root')!);
const render = (app: ReactNode) =>
  root.render(
    <StrictMode>
      <AppProviders>{app}</AppProviders>
    </StrictMode>,
  );

const loadRouterApp = () => import('./app/router-app');

async function startRouterApp() {
  const { RouterApp } = await loadRouterApp();
  render(<RouterApp />);
}

// A signed-out visitor opening /login gets the login page without the data router (keeps /login's
// JavaScript small); every other start, and every in-app visit to /login, runs under the router.
if (/^\/login\/?$/.test(window.location.pathname) && !getAuthState().isAuthenticated) {
  const { GuestApp } = await import('./app/guest-app');
  render(
    <GuestApp
      onIntent={() => void loadRouterApp()}
      onLeave={(to) => {
        window.history.replaceState(null, '', to);
        void startRouterApp();
      }}
    />,
  );
} else {
  void startRouterApp();
}
