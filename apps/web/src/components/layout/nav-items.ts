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
  /** Second key of the g-then-key shortcut. */
  shortcut?: string;
}

/** The seven entries, in order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, shortcut: 'd' },
  { to: '/conversations', label: 'Conversas', icon: MessagesSquare, shortcut: 'c' },
  { to: '/clients', label: 'Clientes', icon: Users, shortcut: 'u' },
  { to: '/analytics', label: 'Analytics', icon: BarChart3 },
  { to: '/training', label: 'Treinamento', icon: GraduationCap },
  { to: '/integrations', label: 'Integrações', icon: Plug },
  { to: '/settings', label: 'Configurações', icon: Settings, shortcut: 's' },
];

/** Highlighted when the path equals the item's path or starts with it plus a slash. */
export function isNavActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
