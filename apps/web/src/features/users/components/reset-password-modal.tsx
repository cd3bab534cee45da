import { type ManagedUser, resetPasswordRequestSchema } from '@atende/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { PasswordInput } from '@/components/form/password-input';
import { issuesToErrors, serverErrors } from '@/components/form/use-zod-form';
import { Button, Modal, toast } from '@/components/ui';
import { useResetPassword } from '../api/users-api';

/** The admin sets a new password; the user's sessions end at once. */
export function ResetPasswordModal({ user, onClose }: { user: ManagedUser | null; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const reset = useResetPassword();
  // A fresh form for each user the modal opens for.
  useEffect(() => {
    if (!user) return;
    setPassword('');
    setError(undefined);
  }, [user]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    const parsed = resetPasswordRequestSchema.safeParse({ password });
    if (!parsed.success) return setError(issuesToErrors(parsed.error).password);
    reset.mutate(
      { id: user.id, password },
      {
        onSuccess: () => {
          toast.success('Senha redefinida', 'As sessões abertas desse usuário foram encerradas.');
          onClose();
        },
        onError: (e) => setError(serverErrors(e).password ?? e.message),
      },
    );
  };

  return (
    <Modal
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Redefinir senha"
      description={user ? `Nova senha para ${user.name}. As sessões abertas serão encerradas.` : undefined}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <PasswordInput label="Nova senha" value={password} onChange={setPassword} error={error} canGenerate />
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" isLoading={reset.isPending}>
            Redefinir senha
          </Button>
        </div>
      </form>
    </Modal>
  );
}
