import {
  createUserRequestSchema,
  type ManagedUser,
  type UserRole,
  updateUserRequestSchema,
} from '@atende/contracts';
import type { FormEvent } from 'react';
import { Field, inputClass, TextField } from '@/components/form/fields';
import { PasswordInput } from '@/components/form/password-input';
import { type FieldErrors, useZodForm } from '@/components/form/use-zod-form';
import { Button, Modal, toast } from '@/components/ui';
import { useCreateUser, useUpdateUser } from '../api/users-api';

/** Creates a user (with an initial password shown once) or edits name and role. */
export function UserFormModal({ user, onClose }: { user: ManagedUser | 'new' | null; onClose: () => void }) {
  const isNew = user === 'new';
  return (
    <Modal
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={isNew ? 'Novo usuário' : 'Editar usuário'}
      description={
        isNew ? 'Anote a senha inicial e entregue-a à pessoa: ela não será mostrada de novo.' : undefined
      }
    >
      {user === 'new' ? (
        <NewUserForm onClose={onClose} />
      ) : user ? (
        <EditUserForm key={user.id} user={user} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function NewUserForm({ onClose }: { onClose: () => void }) {
  const create = useCreateUser();
  const form = useZodForm(createUserRequestSchema, { name: '', email: '', role: 'operator', password: '' });
  const submit = form.handleSubmit(
    async (data) => {
      const created = await create.mutateAsync(data);
      toast.success('Usuário criado', `${created.name} já pode entrar com a senha inicial.`);
      onClose();
    },
    { onError: (error) => toast.error('Erro ao criar usuário', error.message) },
  );
  return (
    <UserFields
      values={form.values}
      errors={form.errors}
      onChange={form.set}
      onSubmit={submit}
      onCancel={onClose}
      isSaving={create.isPending}
      isNew
    />
  );
}

function EditUserForm({ user, onClose }: { user: ManagedUser; onClose: () => void }) {
  const update = useUpdateUser();
  const form = useZodForm(
    updateUserRequestSchema,
    { name: user.name, email: user.email, role: user.role, password: '' },
    // Only the name and the role change here; the e-mail is shown, not sent.
    { toInput: (values) => ({ name: values.name, role: values.role }) },
  );
  const submit = form.handleSubmit(
    async (data) => {
      await update.mutateAsync({ id: user.id, ...data });
      toast.success('Usuário atualizado');
      onClose();
    },
    { onError: (error) => toast.error('Erro ao atualizar usuário', error.message) },
  );
  return (
    <UserFields
      values={form.values}
      errors={form.errors}
      onChange={form.set}
      onSubmit={submit}
      onCancel={onClose}
      isSaving={update.isPending}
      isNew={false}
    />
  );
}

interface UserValues {
  name: string;
  email: string;
  role: UserRole;
  password: string;
}

function UserFields({
  values,
  errors,
  onChange,
  onSubmit,
  onCancel,
  isSaving,
  isNew,
}: {
  values: UserValues;
  errors: FieldErrors;
  onChange: <K extends keyof UserValues>(field: K, value: UserValues[K]) => void;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  isSaving: boolean;
  isNew: boolean;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid="user-form">
      <TextField label="Nome" value={values.name} onChange={(v) => onChange('name', v)} error={errors.name} />
      <TextField
        label="E-mail"
        type="email"
        value={values.email}
        onChange={(v) => onChange('email', v)}
        error={errors.email}
        disabled={!isNew}
      />
      <Field label="Perfil" error={errors.role}>
        {(a11y) => (
          <select
            {...a11y}
            value={values.role}
            onChange={(e) => onChange('role', e.target.value as UserRole)}
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
          onChange={(v) => onChange('password', v)}
          error={errors.password}
          canGenerate
        />
      )}
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="ghost" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" isLoading={isSaving}>
          {isNew ? 'Criar usuário' : 'Salvar'}
        </Button>
      </div>
    </form>
  );
}
