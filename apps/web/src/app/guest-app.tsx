import { Component, type ReactNode } from 'react';
import { LoginNavigationContext } from '@/features/auth/components/login-navigation';
import LoginPage from '@/features/auth/components/login-page';
import { ErrorScreen } from './routes/error-screen';

/** React Router keeps navigation state under `usr` in history.state (a reload of /login after a redirect). */
function redirectedFrom(): string | undefined {
  const state = window.history.state as { usr?: { from?: unknown } } | null;
  const from = state?.usr?.from;
  return typeof from === 'string' ? from : undefined;
}

/** Outside the data router there is no route error element: this boundary stands in for it. */
class GuestErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('Erro ao carregar a página', error);
  }

  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}

/**
 * A fresh load of /login by a signed-out visitor: the login page alone, without the data router, which
 * starts downloading at the first interaction with the page and takes over when the user signs in.
 */
export function GuestApp({ onLeave, onIntent }: { onLeave: (to: string) => void; onIntent: () => void }) {
  return (
    <GuestErrorBoundary>
      <LoginNavigationContext.Provider value={{ from: redirectedFrom(), go: onLeave }}>
        <div onPointerDownCapture={onIntent} onKeyDownCapture={onIntent} onInputCapture={onIntent}>
          <LoginPage />
        </div>
      </LoginNavigationContext.Provider>
    </GuestErrorBoundary>
  );
}
