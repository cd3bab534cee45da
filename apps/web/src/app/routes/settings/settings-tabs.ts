import {
  Bot,
  KeyRound,
  type LucideIcon,
  MessageSquareMore,
  MessageSquareText,
  MessagesSquare,
  ScrollText,
  Shield,
  SlidersHorizontal,
  Tags,
  UserRound,
  Users,
  WandSparkles,
  Workflow,
} from 'lucide-react';
import { type ComponentType, lazy } from 'react';

export interface SettingsTab {
  /** The `{tab}` of /settings/{tab}. */
  id: string;
  label: string;
  icon: LucideIcon;
  /** Hidden from operators (and answered 403 by the server). */
  adminOnly: boolean;
  Component: ComponentType;
}

/**
 * The tabs of /settings, in order. Adding a settings screen is one entry here: its id becomes the
 * route, and the panel loads only when opened.
 */
export const SETTINGS_TABS: readonly SettingsTab[] = [
  {
    id: 'profile',
    label: 'Perfil',
    icon: UserRound,
    adminOnly: false,
    Component: lazy(() => import('./profile-tab')),
  },
  {
    id: 'agent',
    label: 'Agente de IA',
    icon: Bot,
    adminOnly: true,
    Component: lazy(() => import('@/features/settings/components/agent-settings')),
  },
  {
    id: 'users',
    label: 'Usuários',
    icon: Users,
    adminOnly: true,
    Component: lazy(() => import('@/features/users/components/users-panel')),
  },
  {
    id: 'access',
    label: 'Controle de acesso',
    icon: Shield,
    adminOnly: true,
    Component: lazy(() => import('@/features/settings/components/access-control-settings')),
  },
  {
    id: 'admin',
    label: 'Administração',
    icon: SlidersHorizontal,
    adminOnly: true,
    Component: lazy(() => import('@/features/settings/components/admin-settings')),
  },
  {
    id: 'conversations',
    label: 'Conversas',
    icon: MessageSquareMore,
    adminOnly: true,
    Component: lazy(() => import('@/features/settings/components/conversation-rules-settings')),
  },
  {
    id: 'automations',
    label: 'Automações',
    icon: Workflow,
    adminOnly: true,
    Component: lazy(() => import('@/features/automations/components/automations-panel')),
  },
  {
    id: 'macros',
    label: 'Macros',
    icon: WandSparkles,
    adminOnly: false,
    Component: lazy(() => import('@/features/automations/components/macros-panel')),
  },
  {
    id: 'whatsapp',
    label: 'WhatsApp Cloud API',
    icon: MessagesSquare,
    adminOnly: true,
    Component: lazy(() => import('@/channels/cloud-api/components/whatsapp-cloud-settings')),
  },
  {
    id: 'security',
    label: 'Segurança',
    icon: KeyRound,
    adminOnly: true,
    Component: lazy(() => import('@/features/settings/components/security-settings')),
  },
  {
    id: 'canned-replies',
    label: 'Respostas rápidas',
    icon: MessageSquareText,
    adminOnly: true,
    Component: lazy(() => import('@/features/canned-replies/components/canned-replies-panel')),
  },
  {
    id: 'labels',
    label: 'Etiquetas',
    icon: Tags,
    adminOnly: true,
    Component: lazy(() => import('@/features/labels/components/labels-panel')),
  },
  {
    id: 'audit',
    label: 'Auditoria',
    icon: ScrollText,
    adminOnly: true,
    Component: lazy(() => import('@/features/audit/components/audit-log-panel')),
  },
];

export function visibleTabs(role: 'admin' | 'operator' | undefined): SettingsTab[] {
  return SETTINGS_TABS.filter((tab) => role === 'admin' || !tab.adminOnly);
}
