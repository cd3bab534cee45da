import { useAuth } from '@/lib/session';
import { AccountCard } from './account-card';
import { PasswordCard } from './password-card';
import { SessionsCard } from './sessions-card';

/** /settings/profile: the signed-in user's own account. */
export default function ProfilePanel() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="space-y-6">
      <AccountCard user={user} />
      <div className="grid gap-6 xl:grid-cols-2">
        <PasswordCard />
        <SessionsCard />
      </div>
    </div>
  );
}
