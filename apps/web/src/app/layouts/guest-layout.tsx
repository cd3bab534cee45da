import { Navigate, Outlet } from 'react-router';
import { useAuth } from '@/lib/session';

/** /login: a signed-in user goes straight to the dashboard. */
export default function GuestLayout() {
  const { isAuthenticated } = useAuth();
  if (isAuthenticated) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
