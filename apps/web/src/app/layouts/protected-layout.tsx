import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentProps, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { AppFooter } from '@/components/layout/app-footer';
import { FullScreenLoader } from '@/components/layout/full-screen-loader';
import type { MobileDrawer } from '@/components/layout/mobile-drawer';
import { RealtimeBanner } from '@/components/layout/realtime-banner';
import type { ShortcutsDialog } from '@/components/layout/shortcuts-dialog';
import { Sidebar } from '@/components/layout/sidebar';
import { TopBar } from '@/components/layout/top-bar';
import { useNavShortcuts } from '@/components/layout/use-nav-shortcuts';
import { ConfirmProvider } from '@/components/ui/use-confirm';
import { logout } from '@/features/auth/auth-store';
import { NotificationsMenu } from '@/features/notifications/components/notifications-menu';
import { useSessionRevocation } from '@/features/profile/hooks/use-session-revocation';
import type { CommandPalette } from '@/features/search/components/command-palette';
import { useTheme } from '@/features/theme/theme-store';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAttention, useAttentionRealtime } from '@/lib/api/get-attention';
import { useTeamMembersRealtime } from '@/lib/api/get-team-members';
import { useTeamListsRealtime } from '@/lib/api/use-team-lists-realtime';
import { deferredComponent } from '@/lib/deferred-component';
import { formatDocumentTitle } from '@/lib/document-title';
import { useAuth } from '@/lib/session';
import { connectSocket, disconnectSocket } from '@/lib/socket';
import { queryClient } from '../query-client';

/** The phone drawer (Radix dialog) loads when it is about to open: desktop never downloads it. */
const drawer = deferredComponent<ComponentProps<typeof MobileDrawer>>(() =>
  import('@/components/layout/mobile-drawer').then((m) => ({ default: m.MobileDrawer })),
);

/** The top search and the shortcuts list load when first asked for (⌘K, a click, "?"). */
const palette = deferredComponent<ComponentProps<typeof CommandPalette>>(() =>
  import('@/features/search/components/command-palette').then((m) => ({ default: m.CommandPalette })),
);
const shortcuts = deferredComponent<ComponentProps<typeof ShortcutsDialog>>(() =>
  import('@/components/layout/shortcuts-dialog').then((m) => ({ default: m.ShortcutsDialog })),
);

/** Everything behind sign-in: sidebar/drawer, top bar, content, footer; one realtime socket. */
export default function ProtectedLayout() {
  const { isAuthenticated, isLoading, user } = useAuth();
  const location = useLocation();

  useEffect(() => {
    if (!user) return;
    connectSocket();
    return () => disconnectSocket();
  }, [user]);

  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (isLoading || !user) return <FullScreenLoader />;
  return (
    <QueryClientProvider client={queryClient}>
      <ConfirmProvider>
        <Shell />
      </ConfirmProvider>
    </QueryClientProvider>
  );
}

function Shell() {
  const { user } = useAuth();
  const { effective, toggle } = useTheme();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from the first opening on, so later closings still animate.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const openDrawer = () => {
    setDrawerUsed(true);
    setDrawerOpen(true);
  };
  const { pathname } = useLocation();
  // The inbox (its list or an open chat) gets the whole phone screen below the top bar: a footer
  // there would take the room of a conversation. Every other view keeps it.
  const isInbox = /^\/conversations(\/|$)/.test(pathname);
  const navigate = useNavigate();
  // Each opening starts from what was typed in the top bar (a new key resets the palette's state).
  const [search, setSearch] = useState<{ open: boolean; query: string; key: number } | null>(null);
  const openSearch = (query = '') => setSearch((s) => ({ open: true, query, key: (s?.key ?? 0) + 1 }));
  const [shortcutsOpen, setShortcutsOpen] = useState<boolean | null>(null);
  // Loaded once the screen is idle, so the letters typed right after ⌘K land in the palette.
  useEffect(() => {
    const timer = window.setTimeout(palette.preload, 2000);
    return () => window.clearTimeout(timer);
  }, []);
  useNavShortcuts({
    onPalette: () => (search?.open ? setSearch({ ...search, open: false }) : openSearch()),
    onHelp: () => setShortcutsOpen(true),
  });
  useSessionRevocation();
  useTeamListsRealtime();
  useTeamMembersRealtime();
  useAttentionRealtime();
  // What waits unread for me: on the Conversas entry and in the tab's title, "(3) Atende".
  const unread = useAttention().data?.unread ?? 0;
  useDocumentTitle(formatDocumentTitle(unread));
  const badges = { '/conversations': unread };

  // The drawer closes on any navigation (links, shortcuts, back button).
  // biome-ignore lint/correctness/useExhaustiveDependencies: react to path changes only
  useEffect(() => setDrawerOpen(false), [pathname]);

  const onLogout = () => {
    setDrawerOpen(false);
    void logout();
    navigate('/login', { replace: true });
  };

  return (
    <div className="min-h-dvh bg-slate-50 dark:bg-slate-950">
      <a
        href="#main"
        className="sr-only z-[70] rounded-md bg-indigo-600 px-3 py-2 text-sm text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Pular para o conteúdo
      </a>
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 border-slate-200 border-r lg:block dark:border-slate-800">
        <Sidebar user={user} onLogout={onLogout} badges={badges} />
      </aside>
      {drawerUsed && (
        <Suspense fallback={null}>
          <drawer.Component open={drawerOpen} onOpenChange={setDrawerOpen}>
            <Sidebar
              user={user}
              onLogout={onLogout}
              onNavigate={() => setDrawerOpen(false)}
              badges={badges}
            />
          </drawer.Component>
        </Suspense>
      )}
      <div className="flex min-h-dvh flex-col lg:pl-64">
        <TopBar
          user={user}
          onOpenDrawer={openDrawer}
          onDrawerIntent={drawer.preload}
          onLogout={onLogout}
          isDark={effective === 'dark'}
          onToggleTheme={toggle}
          notifications={<NotificationsMenu />}
          unread={unread}
          onOpenSearch={openSearch}
          onSearchIntent={palette.preload}
          onShowShortcuts={() => setShortcutsOpen(true)}
        />
        {search && (
          <Suspense fallback={null}>
            <palette.Component
              key={search.key}
              open={search.open}
              onOpenChange={(open) => setSearch({ ...search, open })}
              initialQuery={search.query}
              onShowShortcuts={() => setShortcutsOpen(true)}
            />
          </Suspense>
        )}
        {shortcutsOpen !== null && (
          <Suspense fallback={null}>
            <shortcuts.Component open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
          </Suspense>
        )}
        <RealtimeBanner />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          <Outlet />
        </main>
        <AppFooter className={isInbox ? 'hidden md:block' : undefined} />
      </div>
    </div>
  );
}
