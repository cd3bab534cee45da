import { AVATAR_MAX_BYTES, apiRoutes, type User, updateProfileRequestSchema } from '@atende/contracts';
import { ImageUp, Trash2 } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { TextField } from '@/components/form/fields';
import { useZodForm } from '@/components/form/use-zod-form';
import { Avatar, Button, Card, CardContent, CardHeader, toast } from '@/components/ui';
import { useUpdateProfile, useUploadAvatar } from '../api/profile-api';

const ROLE_LABELS = { admin: 'Administrador', operator: 'Operador' } as const;
const ACCEPTED = 'image/png,image/jpeg,image/webp,image/gif';

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(',')[1] ?? '');
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** A photo uploaded here is served by the API; any other avatar is an address the user typed. */
const isUploaded = (avatar: string | null | undefined) =>
  avatar?.startsWith(apiRoutes.avatar.replace(':id', '')) ?? false;

/** Name and avatar (an http(s) URL or an uploaded image). */
export function AccountCard({ user }: { user: User }) {
  const uploaded = isUploaded(user.avatar);
  const update = useUpdateProfile();
  const upload = useUploadAvatar();
  const fileRef = useRef<HTMLInputElement>(null);
  const initial = useMemo(
    () => ({ name: user.name, avatar: isUploaded(user.avatar) ? '' : (user.avatar ?? '') }),
    [user],
  );
  const form = useZodForm(updateProfileRequestSchema, initial, {
    // An uploaded photo stays unless an address is typed over it; an emptied address removes the photo.
    toInput: ({ name, avatar }) => ({
      name,
      ...(uploaded && !avatar ? {} : { avatar: avatar.trim() || null }),
    }),
  });
  const submit = form.handleSubmit(
    async (data) => {
      await update.mutateAsync(data);
      toast.success('Perfil atualizado');
    },
    { onError: (error) => toast.error('Erro ao salvar o perfil', error.message) },
  );

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > AVATAR_MAX_BYTES) {
      toast.error('Imagem muito grande', 'Tamanho máximo: 256 KB');
      return;
    }
    upload.mutate(await readBase64(file), {
      onSuccess: () => toast.success('Foto atualizada'),
      onError: (error) => toast.error('Erro ao enviar a foto', error.message),
    });
  };

  return (
    <Card>
      <CardHeader title="Conta" description={`${user.email} · ${ROLE_LABELS[user.role]}`} />
      <CardContent>
        <form onSubmit={submit} noValidate className="space-y-5" data-testid="profile-form">
          <div className="flex flex-wrap items-center gap-4">
            <Avatar name={user.name} src={user.avatar} size="lg" />
            <div className="flex flex-wrap gap-2">
              <input
                ref={fileRef}
                type="file"
                accept={ACCEPTED}
                className="hidden"
                data-testid="avatar-file"
                onChange={(e) => {
                  void onFile(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
              <Button
                variant="secondary"
                onClick={() => fileRef.current?.click()}
                isLoading={upload.isPending}
              >
                <ImageUp aria-hidden="true" className="size-4" />
                Enviar foto
              </Button>
              {user.avatar && (
                <Button
                  variant="ghost"
                  onClick={() =>
                    update.mutate({ avatar: null }, { onSuccess: () => toast.success('Foto removida') })
                  }
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  Remover foto
                </Button>
              )}
            </div>
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="Nome"
              value={form.values.name}
              onChange={(value) => form.set('name', value)}
              error={form.errors.name}
              maxLength={120}
            />
            <TextField
              label="Foto por endereço (URL)"
              type="url"
              placeholder={uploaded ? 'Usando a foto enviada' : 'https://…'}
              hint="PNG, JPEG, WebP ou GIF de até 256 KB pelo botão, ou um endereço http(s)."
              value={form.values.avatar}
              onChange={(value) => form.set('avatar', value)}
              error={form.errors.avatar}
            />
          </div>
          <div className="flex justify-end">
            <Button type="submit" isLoading={update.isPending}>
              Salvar perfil
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
