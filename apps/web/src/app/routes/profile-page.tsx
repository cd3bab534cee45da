import { Laptop, LogOut, Moon, Sun } from 'lucide-react';
import { useNavigate } from 'react-router';
import { PageContainer, PageHeader } from '@/components/layout/page-header';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { logout, useAuth } from '@/features/auth/auth-store';
import { type ThemePreference, useTheme } from '@/features/theme/theme-store';
import { cn } from '@/lib/cn';

const ROLE_LABELS = { admin: 'Administrador', operator: 'Operador' } as const;

const THEME_OPTIONS: Array<{ value: ThemePreference; label: string; icon: typeof Sun }> = [
  { value: 'light', label: 'Claro', icon: Sun },
  { value: 'dark', label: 'Escuro', icon: Moon },
  { value: 'system', label: 'Sistema', icon: Laptop },
];

export default function ProfilePage() {
  const { user } = useAuth();
  const { preference, setPreference } = useTheme();
  const navigate = useNavigate();
  if (!user) return null;

  return (
    <PageContainer>
      <PageHeader title="Meu perfil" description="Seus dados de acesso e preferências" />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader title="Conta" description="Dados da sua conta no Atende" />
          <CardContent>
            <div className="flex items-center gap-4">
              <Avatar name={user.name} src={user.avatar} size="lg" />
              <div className="min-w-0">
                <p className="truncate font-semibold text-lg text-slate-900 dark:text-white">
                  {user.name || 'Usuário'}
                </p>
                <p className="truncate text-slate-500 text-sm dark:text-slate-400">{user.email}</p>
              </div>
            </div>
            <dl className="mt-6 grid gap-4 border-slate-200 border-t pt-6 text-sm sm:grid-cols-2 dark:border-slate-800">
              <div>
                <dt className="text-slate-500 dark:text-slate-400">Nome</dt>
                <dd className="mt-1 font-medium text-slate-900 dark:text-slate-100">
                  {user.name || 'Usuário'}
                </dd>
              </div>
              <div>
                <dt className="text-slate-500 dark:text-slate-400">E-mail</dt>
                <dd className="mt-1 break-all font-medium text-slate-900 dark:text-slate-100">
                  {user.email}
                </dd>
              </div>
              <div>
                <dt className="text-slate-500 dark:text-slate-400">Perfil de acesso</dt>
                <dd className="mt-1 font-medium text-slate-900 dark:text-slate-100">
                  {ROLE_LABELS[user.role]}
                </dd>
              </div>
            </dl>
          </CardContent>
        </Card>

        <div className="space-y-6">
          <Card>
            <CardHeader title="Aparência" description="O tema vale para este navegador" />
            <CardContent>
              <fieldset>
                <legend className="sr-only">Tema</legend>
                <div className="grid grid-cols-3 gap-2">
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
          <Card>
            <CardHeader title="Sessão" description="Encerre o acesso neste dispositivo" />
            <CardContent>
              <Button
                variant="secondary"
                className="w-full text-red-600 dark:text-red-400"
                onClick={() => {
                  void logout();
                  navigate('/login', { replace: true });
                }}
              >
                <LogOut aria-hidden="true" className="size-4" />
                Sair
              </Button>
            </CardContent>
          </Card>
        </div>
      </div>
    </PageContainer>
  );
}
