import { useLocation, useNavigate } from 'react-router';
import { LoginNavigationContext } from '@/features/auth/components/login-navigation';
import LoginPage from '@/features/auth/components/login-page';

/** /login inside the data router (reached by an in-app redirect): leaves with a router navigation. */
export default function LoginRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  return (
    <LoginNavigationContext.Provider value={{ from, go: (to) => navigate(to, { replace: true }) }}>
      <LoginPage />
    </LoginNavigationContext.Provider>
  );
}
