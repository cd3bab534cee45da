import type { ServerEventPayload } from '@atende/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui';
import {
  canNotify,
  enableBrowserAlerts,
  getAlertPreferences,
  setAlertPreferences,
} from '@/lib/alert-preferences';
import { playAlertSound } from '@/lib/alert-sound';
import { conversationHref } from '@/lib/conversation-link';
import { useSocketEvent } from '@/lib/socket';
import { notificationsQueryOptions } from '../api/notifications-api';

type NewNotification = ServerEventPayload<'notification:new'>;

/**
 * Asks, once and politely, whether the browser may notify: a toast with a button, never on page load
 * (only after something needed this person), and never the browser's own prompt by surprise.
 */
function offerBrowserAlerts(): void {
  if (!canNotify() || Notification.permission !== 'default' || getAlertPreferences().asked) return;
  setAlertPreferences({ asked: true });
  toast.info(
    'Avisos do navegador',
    'Quer ser avisado quando alguém precisar de você com esta aba em segundo plano?',
    {
      duration: 15_000,
      actions: [
        {
          label: 'Ativar avisos',
          style: 'primary',
          action: () =>
            void enableBrowserAlerts().then((granted) => {
              if (!granted) toast.warning('Permissão negada pelo navegador');
            }),
        },
        { label: 'Agora não', style: 'secondary', action: () => {} },
      ],
    },
  );
}

/**
 * Keeps the notifications live: the events that change them (who handles a conversation, WhatsApp's
 * connection, something for me) refetch the list. Something for me (`notification:new`: assigned,
 * handed off, mentioned) while this tab is hidden also plays the sound and shows a browser
 * notification, as the person chose in the user menu.
 */
export function useNotificationsRealtime(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const missedWhileHidden = useRef(false);
  const refresh = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: notificationsQueryOptions().queryKey });
    }, 150);
  };
  useEffect(() => {
    // Something arrived while away and the browser could not say so: offer the notifications on return.
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || !missedWhileHidden.current) return;
      missedWhileHidden.current = false;
      offerBrowserAlerts();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  const alert = (notification: NewNotification) => {
    const preferences = getAlertPreferences();
    if (preferences.sound) playAlertSound();
    if (preferences.browser && canNotify() && Notification.permission === 'granted') {
      const shown = new Notification(notification.title, {
        body: notification.body,
        tag: `${notification.kind}:${notification.conversationId}`,
      });
      shown.onclick = () => {
        window.focus();
        navigate(conversationHref(notification.conversationId));
        shown.close();
      };
    } else {
      missedWhileHidden.current = true;
    }
  };

  useSocketEvent('notification:new', (notification) => {
    refresh();
    if (document.visibilityState === 'hidden') {
      alert(notification);
      return;
    }
    // Looking at the screen: a quiet toast that opens the conversation, and (once) the offer.
    toast.info(notification.title, notification.body, {
      actions: [
        {
          label: 'Abrir',
          style: 'primary',
          action: () => navigate(conversationHref(notification.conversationId)),
        },
      ],
    });
    offerBrowserAlerts();
  });
  useSocketEvent('conversation:handler', refresh);
  useSocketEvent('whatsapp:status', refresh);
  useSocketEvent('whatsapp:ready', refresh);
  useSocketEvent('whatsapp:disconnected', refresh);
}
