import { BellRing, Check, CheckCheck, Volume2 } from 'lucide-react';
import { Link } from 'react-router';
import { ToggleField } from '@/components/form/fields';
import { PageContainer, PageHeader } from '@/components/layout/page-header';
import { Button, Card, CardContent, CardHeader, Skeleton, toast } from '@/components/ui';
import { enableBrowserAlerts, setAlertPreferences, useAlertPreferences } from '@/lib/alert-preferences';
import { conversationHref } from '@/lib/conversation-link';
import { useMarkNotificationsRead, useNotifications } from '../api/notifications-api';
import { NotificationItem } from './notification-item';

/** /notifications: every current notification, mark as read, and the optional alerts. */
export default function NotificationsPage() {
  const query = useNotifications();
  const markRead = useMarkNotificationsRead();
  const preferences = useAlertPreferences();
  return (
    <PageContainer>
      <PageHeader
        title="Notificações"
        description="Conversas aguardando atendimento, atribuições e a conexão do WhatsApp"
        actions={
          <Button
            variant="secondary"
            disabled={!query.data?.unread}
            isLoading={markRead.isPending}
            onClick={() => markRead.mutate(undefined)}
          >
            <CheckCheck aria-hidden="true" className="size-4" />
            Marcar todas como lidas
          </Button>
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card>
          {query.isPending && <Skeleton className="m-5 h-16" />}
          {query.data?.items.length === 0 && (
            <p className="px-5 py-10 text-center text-slate-500 text-sm dark:text-slate-400">
              Nenhuma notificação
            </p>
          )}
          <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Notificações">
            {query.data?.items.map((item) => (
              <li key={item.id} className="flex items-center gap-2 px-5 py-3">
                {item.conversationId ? (
                  <Link
                    to={conversationHref(item.conversationId)}
                    onClick={() => !item.read && markRead.mutate([item.id])}
                    className="flex min-w-0 flex-1 rounded-md focus-visible:outline-2 focus-visible:outline-indigo-500"
                  >
                    <NotificationItem item={item} />
                  </Link>
                ) : (
                  <NotificationItem item={item} />
                )}
                {!item.read && (
                  // On a phone only the check shows, so the notification keeps the row's width.
                  <Button
                    size="sm"
                    variant="ghost"
                    title="Marcar como lida"
                    className="shrink-0"
                    onClick={() => markRead.mutate([item.id])}
                  >
                    <Check aria-hidden="true" className="size-4 sm:hidden" />
                    <span className="sr-only sm:not-sr-only">Marcar como lida</span>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </Card>
        <Card className="h-fit">
          <CardHeader
            title="Alertas"
            description="Quando alguém precisa de você (atribuição, transferência, menção) com a aba em segundo plano"
          />
          <CardContent className="space-y-4">
            <ToggleField
              label="Som"
              description="Um aviso curto neste navegador."
              checked={preferences.sound}
              onChange={(sound) => setAlertPreferences({ sound })}
            />
            <ToggleField
              label="Notificação do navegador"
              description="Pede permissão uma vez."
              checked={preferences.browser}
              onChange={async (on) => {
                if (!on) return setAlertPreferences({ browser: false });
                if (!(await enableBrowserAlerts())) toast.warning('Permissão negada pelo navegador');
              }}
            />
            <p className="flex items-center gap-2 text-slate-500 text-xs dark:text-slate-400">
              <Volume2 aria-hidden="true" className="size-4" />
              <BellRing aria-hidden="true" className="size-4" />
              Valem só para este navegador.
            </p>
          </CardContent>
        </Card>
      </div>
    </PageContainer>
  );
}
