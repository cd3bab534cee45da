import { Laptop, Moon, Sun } from 'lucide-react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import ProfilePanel from '@/features/profile/components/profile-panel';
import { type ThemePreference, useTheme } from '@/features/theme/theme-store';
import { cn } from '@/lib/cn';

const THEME_OPTIONS: Array<{ value: ThemePreference; label: string; icon: typeof Sun }> = [
  { value: 'light', label: 'Claro', icon: Sun },
  { value: 'dark', label: 'Escuro', icon: Moon },
  { value: 'system', label: 'Sistema', icon: Laptop },
];

/** Perfil: the account (profile feature) and this browser's theme (theme feature). */
export default function ProfileTab() {
  const { preference, setPreference } = useTheme();
  return (
    <div className="space-y-6">
      <ProfilePanel />
      <Card>
        <CardHeader title="Aparência" description="O tema vale para este navegador" />
        <CardContent>
          <fieldset>
            <legend className="sr-only">Tema</legend>
            <div className="grid max-w-md grid-cols-3 gap-2">
              {THEME_OPTIONS.map(({ value, label, icon: Icon }) => (
                <label
                  key={value}
                  className={cn(
                    'flex cursor-pointer flex-col items-center gap-1.5 rounded-lg border px-2 py-3 font-medium text-xs transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-500',
                    preference === value
                      ? 'border-indigo-500 bg-indigo-50 text-indigo-700 dark:border-indigo-400 dark:bg-indigo-500/15 dark:text-indigo-200'
                      : 'border-slate-200 text-slate-600 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800',
                  )}
                >
                  <input
                    type="radio"
                    name="theme"
                    value={value}
                    checked={preference === value}
                    onChange={() => setPreference(value)}
                    className="sr-only"
                  />
                  <Icon aria-hidden="true" className="size-5" />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
        </CardContent>
      </Card>
    </div>
  );
}
