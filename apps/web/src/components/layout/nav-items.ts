import {
  BarChart3,
  GraduationCap,
  LayoutDashboard,
  type LucideIcon,
  MessagesSquare,
  Plug,
  Settings,
  Users,
} from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Second key of the g-then-key shortcut (shown in the sidebar). */
  shortcut?: string;
  /** Other second keys that go there too (g→a: atendimentos). */
  aliases?: readonly string[];
}

/** The seven entries, in order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, shortcut: 'd' },
  { to: '/conversations', label: 'Conversas', icon: MessagesSquare, shortcut: 'c', aliases: ['a'] },
  { to: '/clients', label: 'Clientes', icon: Users, shortcut: 'u' },
  { to: '/analytics', label: 'Analytics', icon: BarChart3 },
  { to: '/training', label: 'Treinamento', icon: GraduationCap, shortcut: 't' },
  { to: '/integrations', label: 'Integrações', icon: Plug, shortcut: 'i' },
  { to: '/settings', label: 'Configurações', icon: Settings, shortcut: 's' },
];

/** Highlighted when the path equals the item's path or starts with it plus a slash. */
export function isNavActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
