import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSocketEvent } from '@/lib/socket';
import { notificationsQueryOptions } from '../api/notifications-api';
import { getAlertPreferences } from './alert-preferences';

function beep(): void {
  try {
    const audio = new AudioContext();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 0.35);
    oscillator.onended = () => void audio.close();
  } catch (error) {
    console.warn('Não foi possível tocar o alerta', error);
  }
}

/**
 * Keeps the notifications live: the events that change them (who handles a conversation, WhatsApp's
 * connection) refetch the list; a conversation that starts waiting for a person may also beep and
 * show a browser notification, as the user chose.
 */
export function useNotificationsRealtime(): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refresh = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: notificationsQueryOptions().queryKey });
    }, 150);
  };
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useSocketEvent('conversation:handler', (payload) => {
    refresh();
    if (payload.handler.mode !== 'waiting_human') return;
    const preferences = getAlertPreferences();
    if (preferences.sound) beep();
    if (preferences.browser && 'Notification' in window && Notification.permission === 'granted') {
      new Notification('Conversa aguardando atendimento', {
        body: payload.handler.reason ?? 'Um cliente quer falar com uma pessoa.',
        tag: `handoff:${payload.conversationId}`,
      });
    }
  });
  useSocketEvent('whatsapp:status', refresh);
  useSocketEvent('whatsapp:ready', refresh);
  useSocketEvent('whatsapp:disconnected', refresh);
}
