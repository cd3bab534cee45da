import { changePasswordRequestSchema } from '@atende/contracts';
import { type FormEvent, useState } from 'react';
import { PasswordInput } from '@/components/form/password-input';
import { type FieldErrors, issuesToErrors, serverErrors } from '@/components/form/use-zod-form';
import { Button, Card, CardContent, CardHeader, toast } from '@/components/ui';
import { ApiError } from '@/lib/api-client';
import { useChangePassword } from '../api/profile-api';

/** Change password: the current one is required; other sessions end. */
export function PasswordCard() {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = useChangePassword();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = changePasswordRequestSchema.safeParse({ currentPassword, newPassword });
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error));
    setErrors({});
    change.mutate(parsed.data, {
      onSuccess: () => {
        setCurrent('');
        setNew('');
        toast.success('Senha alterada', 'Suas outras sessões foram encerradas.');
      },
      onError: (error) => {
        const fields = serverErrors(error);
        if (error instanceof ApiError && error.message === 'Senha atual incorreta') {
          fields.currentPassword = error.message;
        } else if (error instanceof ApiError && error.status === 400 && !Object.keys(fields).length) {
          fields.newPassword = error.message;
        }
        setErrors(fields);
      },
    });
  };
  return (
    <Card>
      <CardHeader title="Senha" description="Ao trocar a senha, suas outras sessões são encerradas." />
      <CardContent>
        <form onSubmit={submit} noValidate className="space-y-4" data-testid="password-form">
          <PasswordInput
            label="Senha atual"
            autoComplete="current-password"
            value={currentPassword}
            onChange={setCurrent}
            error={errors.currentPassword}
          />
          <PasswordInput
            label="Nova senha"
            value={newPassword}
            onChange={setNew}
            error={errors.newPassword}
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
