import { createContext, useContext } from 'react';

/**
 * How the login form leaves /login. The page is rendered two ways: inside the data router (after an in-app
 * redirect) or, on a fresh load of /login, by the guest entry without the router, which loads only when the
 * user signs in. The form itself does not depend on React Router.
 */
export interface LoginNavigation {
  /** The protected path that sent the user here, if any. */
  from: string | undefined;
  /** Leaves /login for `to` (replacing the history entry). */
  go: (to: string) => void;
}

export const LoginNavigationContext = createContext<LoginNavigation | null>(null);

export function useLoginNavigation(): LoginNavigation {
  const navigation = useContext(LoginNavigationContext);
  if (!navigation) throw new Error('useLoginNavigation precisa de <LoginNavigationContext>');
  return navigation;
}

/** After sign-in: back to where the user was going, else the dashboard. */
export function destinationAfterLogin(from: string | undefined): string {
  return from && from !== '/login' ? from : '/dashboard';
}
