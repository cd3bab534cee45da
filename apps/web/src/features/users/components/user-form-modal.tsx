import { createUserRequestSchema, type ManagedUser, updateUserRequestSchema } from '@atende/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { Field, inputClass, TextField } from '@/components/form/fields';
import { PasswordInput } from '@/components/form/password-input';
import { type FieldErrors, issuesToErrors, serverErrors } from '@/components/form/use-zod-form';
import { Button, Modal, toast } from '@/components/ui';
import { useCreateUser, useUpdateUser } from '../api/users-api';

const EMPTY = { name: '', email: '', role: 'operator' as 'admin' | 'operator', password: '' };

/** Creates a user (with an initial password shown once) or edits name and role. */
export function UserFormModal({ user, onClose }: { user: ManagedUser | 'new' | null; onClose: () => void }) {
  const isNew = user === 'new';
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateUser();
  const update = useUpdateUser();

  useEffect(() => {
    setErrors({});
    if (user === 'new') setValues(EMPTY);
    else if (user) setValues({ ...EMPTY, name: user.name, email: user.email, role: user.role });
  }, [user]);

  const set = (field: keyof typeof EMPTY, value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    if (isNew) {
      const parsed = createUserRequestSchema.safeParse(values);
      if (!parsed.success) return setErrors(issuesToErrors(parsed.error));
      create.mutate(parsed.data, {
        onSuccess: (created) => {
          toast.success('Usuário criado', `${created.name} já pode entrar com a senha inicial.`);
          onClose();
        },
        onError: (error) => {
          setErrors(serverErrors(error));
          toast.error('Erro ao criar usuário', error.message);
        },
      });
      return;
    }
    const parsed = updateUserRequestSchema.safeParse({ name: values.name, role: values.role });
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error));
    update.mutate(
      { id: user.id, ...parsed.data },
      {
        onSuccess: () => {
          toast.success('Usuário atualizado');
          onClose();
        },
        onError: (error) => toast.error('Erro ao atualizar usuário', error.message),
      },
    );
  };

  return (
    <Modal
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={isNew ? 'Novo usuário' : 'Editar usuário'}
      description={
        isNew ? 'Anote a senha inicial e entregue-a à pessoa: ela não será mostrada de novo.' : undefined
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="user-form">
        <TextField label="Nome" value={values.name} onChange={(v) => set('name', v)} error={errors.name} />
        <TextField
          label="E-mail"
          type="email"
          value={values.email}
          onChange={(v) => set('email', v)}
          error={errors.email}
          disabled={!isNew}
        />
        <Field label="Perfil" error={errors.role}>
          {(a11y) => (
            <select
              {...a11y}
              value={values.role}
              onChange={(e) => set('role', e.target.value)}
              className={inputClass}
            >
              <option value="operator">Operador</option>
              <option value="admin">Administrador</option>
            </select>
          )}
        </Field>
        {isNew && (
          <PasswordInput
            label="Senha inicial"
            hint="Use o botão para gerar uma senha forte."
            value={values.password}
            onChange={(v) => set('password', v)}
            error={errors.password}
            canGenerate
          />
        )}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="ghost" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" isLoading={create.isPending || update.isPending}>
            {isNew ? 'Criar usuário' : 'Salvar'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
