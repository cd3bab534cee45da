import { type ManagedUser, resetPasswordRequestSchema } from '@atende/contracts';
import { PasswordInput } from '@/components/form/password-input';
import { useZodForm } from '@/components/form/use-zod-form';
import { Button, Modal, toast } from '@/components/ui';
import { useResetPassword } from '../api/users-api';

/** The admin sets a new password; the user's sessions end at once. */
export function ResetPasswordModal({ user, onClose }: { user: ManagedUser | null; onClose: () => void }) {
  return (
    <Modal
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Redefinir senha"
      description={user ? `Nova senha para ${user.name}. As sessões abertas serão encerradas.` : undefined}
    >
      {/* Keyed: a fresh form for each user the modal opens for. */}
      {user ? <ResetPasswordForm key={user.id} user={user} onClose={onClose} /> : null}
    </Modal>
  );
}

function ResetPasswordForm({ user, onClose }: { user: ManagedUser; onClose: () => void }) {
  const reset = useResetPassword();
  const form = useZodForm(resetPasswordRequestSchema, { password: '' });
  const submit = form.handleSubmit(
    async (data) => {
      await reset.mutateAsync({ id: user.id, password: data.password });
      toast.success('Senha redefinida', 'As sessões abertas desse usuário foram encerradas.');
      onClose();
    },
    { errorField: 'password' },
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <PasswordInput
        label="Nova senha"
        value={form.values.password}
        onChange={(password) => form.set('password', password)}
        error={form.errors.password}
        canGenerate
      />
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          Cancelar
        </Button>
        <Button type="submit" isLoading={reset.isPending}>
          Redefinir senha
        </Button>
      </div>
    </form>
  );
}
