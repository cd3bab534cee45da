import type { ReactNode } from 'react';
import { QueryCard } from '@/components/query-card';
import { type SettingsKey, type SettingsView, useSettings } from '../api/settings-api';

/** Renders its children with one endpoint's stored settings, once they have loaded. */
export function SettingsLoader<K extends SettingsKey>({
  settingsKey,
  children,
}: {
  settingsKey: K;
  children: (view: SettingsView<K>) => ReactNode;
}) {
  const query = useSettings(settingsKey);
  return (
    <QueryCard query={query} fields={3}>
      {children}
    </QueryCard>
  );
}
