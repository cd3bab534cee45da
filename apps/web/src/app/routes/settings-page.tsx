import { Lock } from 'lucide-react';
import { Suspense } from 'react';
import { Navigate, NavLink, useParams } from 'react-router';
import { PageContainer, PageHeader } from '@/components/layout/page-header';
import { Card, CardContent, Skeleton } from '@/components/ui';
import { cn } from '@/lib/cn';
import { useAuth } from '@/lib/session';
import { SETTINGS_TABS, visibleTabs } from './settings/settings-tabs';

/** /settings and /settings/{tab}: tab list on the left (a scrolling strip on phones), the tab's panel. */
export default function SettingsPage({ tab: fixedTab }: { tab?: string }) {
  const params = useParams();
  const { user } = useAuth();
  const tabId = fixedTab ?? params.tab;
  if (!tabId) return <Navigate to="/settings/profile" replace />;
  const tabs = visibleTabs(user?.role);
  const tab = SETTINGS_TABS.find((t) => t.id === tabId);
  const allowed = tab && tabs.includes(tab);

  return (
    <PageContainer>
      <PageHeader title="Configurações" description="Sua conta, a equipe e o comportamento do Atende" />
      <div className="grid gap-6 lg:grid-cols-[14rem_1fr]">
        <nav aria-label="Seções das configurações" className="-mx-4 overflow-x-auto px-4 lg:mx-0 lg:px-0">
          <ul className="flex gap-1 lg:flex-col">
            {tabs.map(({ id, label, icon: Icon }) => (
              <li key={id} className="shrink-0">
                <NavLink
                  to={`/settings/${id}`}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-2.5 whitespace-nowrap rounded-lg px-3 py-2 font-medium text-sm transition-colors focus-visible:outline-2 focus-visible:outline-indigo-500',
                      isActive
                        ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200'
                        : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100',
                    )
                  }
                >
                  <Icon aria-hidden="true" className="size-4 shrink-0" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-label={tab?.label ?? 'Configurações'} className="min-w-0">
          {allowed ? (
            <Suspense fallback={<Skeleton className="h-64 w-full" />}>
              <tab.Component />
            </Suspense>
          ) : tab ? (
            <Card>
              <CardContent className="flex items-center gap-3">
                <Lock aria-hidden="true" className="size-5 text-slate-400" />
                <p className="text-slate-600 text-sm dark:text-slate-300">
                  Acesso restrito a administradores.
                </p>
              </CardContent>
            </Card>
          ) : (
            <Navigate to="/settings/profile" replace />
          )}
        </section>
      </div>
    </PageContainer>
  );
}
