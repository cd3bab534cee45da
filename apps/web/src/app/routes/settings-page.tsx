import { ChevronLeft, ChevronRight, Lock } from 'lucide-react';
import { Suspense, useEffect, useRef } from 'react';
import { Navigate, NavLink, useParams } from 'react-router';
import { PageContainer, PageHeader } from '@/components/layout/page-header';
import { Card, CardContent, Skeleton } from '@/components/ui';
import { useScrollEdges } from '@/hooks/use-scroll-edges';
import { cn } from '@/lib/cn';
import { useAuth } from '@/lib/session';
import { SETTINGS_TABS, visibleTabs } from './settings/settings-tabs';

/** /settings and /settings/{tab}: tab list on the left (a scrolling strip on phones), the tab's panel. */
export default function SettingsPage({ tab: fixedTab }: { tab?: string }) {
  const params = useParams();
  const { user } = useAuth();
  const tabId = fixedTab ?? params.tab;
  const strip = useRef<HTMLElement>(null);
  const edges = useScrollEdges(strip);
  // On a phone the strip scrolls: the open tab is brought to its middle, clear of the arrows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when another tab opens
  useEffect(() => {
    strip.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [tabId]);
  if (!tabId) return <Navigate to="/settings/profile" replace />;
  const tabs = visibleTabs(user?.role);
  const tab = SETTINGS_TABS.find((t) => t.id === tabId);
  const allowed = tab && tabs.includes(tab);

  return (
    <PageContainer>
      <PageHeader title="Configurações" description="Sua conta, a equipe e o comportamento do Atende" />
      <div className="grid gap-6 lg:grid-cols-[14rem_1fr]">
        <div className="relative -mx-4 min-w-0 lg:mx-0">
          <nav
            ref={strip}
            aria-label="Seções das configurações"
            className="overflow-x-auto px-4 [scrollbar-width:none] lg:px-0"
          >
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
          {edges.before && (
            <ScrollCue
              side="before"
              onClick={() => strip.current?.scrollBy({ left: -200, behavior: 'smooth' })}
            />
          )}
          {edges.after && (
            <ScrollCue
              side="after"
              onClick={() => strip.current?.scrollBy({ left: 200, behavior: 'smooth' })}
            />
          )}
        </div>
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

/**
 * The strip's edge where more tabs hide: a fade with an arrow that scrolls it. Keyboard users reach
 * every tab with Tab (the strip follows focus), so the arrow stays out of the tab order.
 */
function ScrollCue({ side, onClick }: { side: 'before' | 'after'; onClick: () => void }) {
  const Icon = side === 'before' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      tabIndex={-1}
      aria-label={side === 'before' ? 'Seções anteriores' : 'Mais seções'}
      data-testid={`settings-tabs-more-${side}`}
      onClick={onClick}
      className={cn(
        'absolute inset-y-0 flex w-16 items-center lg:hidden',
        side === 'before'
          ? 'left-0 justify-start bg-linear-to-r from-slate-50 from-30% to-transparent pl-1 dark:from-slate-950'
          : 'right-0 justify-end bg-linear-to-l from-slate-50 from-30% to-transparent pr-1 dark:from-slate-950',
      )}
    >
      <span className="flex size-7 items-center justify-center rounded-full bg-white text-slate-600 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700">
        <Icon aria-hidden="true" className="size-4" />
      </span>
    </button>
  );
}
