import { changePasswordRequestSchema } from '@atende/contracts';
import { PasswordInput } from '@/components/form/password-input';
import { useZodForm } from '@/components/form/use-zod-form';
import { Button, Card, CardContent, CardHeader, toast } from '@/components/ui';
import { ApiError } from '@/lib/api-client';
import { useChangePassword } from '../api/profile-api';

const EMPTY = { currentPassword: '', newPassword: '' };

/** Change password: the current one is required; other sessions end. */
export function PasswordCard() {
  const change = useChangePassword();
  const form = useZodForm(changePasswordRequestSchema, EMPTY);
  const submit = form.handleSubmit(
    async (data) => {
      await change.mutateAsync(data);
      form.reset();
      toast.success('Senha alterada', 'Suas outras sessões foram encerradas.');
    },
    {
      // A wrong current password names that field; another refusal (a weak one, say) the new one.
      errorField: (error) => {
        if (!(error instanceof ApiError)) return undefined;
        if (error.message === 'Senha atual incorreta') return 'currentPassword';
        return error.status === 400 ? 'newPassword' : undefined;
      },
    },
  );
  return (
    <Card>
      <CardHeader title="Senha" description="Ao trocar a senha, suas outras sessões são encerradas." />
      <CardContent>
        <form onSubmit={submit} noValidate className="space-y-4" data-testid="password-form">
          <PasswordInput
            label="Senha atual"
            autoComplete="current-password"
            value={form.values.currentPassword}
            onChange={(value) => form.set('currentPassword', value)}
            error={form.errors.currentPassword}
          />
          <PasswordInput
            label="Nova senha"
            value={form.values.newPassword}
            onChange={(value) => form.set('newPassword', value)}
            error={form.errors.newPassword}
          />
          <div className="flex justify-end">
            <Button type="submit" isLoading={change.isPending}>
              Alterar senha
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
