import { AVATAR_MAX_BYTES, type User, updateProfileRequestSchema } from '@atende/contracts';
import { ImageUp, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { TextField } from '@/components/form/fields';
import { type FieldErrors, issuesToErrors, serverErrors } from '@/components/form/use-zod-form';
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

/** Name and avatar (an http(s) URL or an uploaded image). */
export function AccountCard({ user }: { user: User }) {
  const [name, setName] = useState(user.name);
  const uploaded = user.avatar?.startsWith('/api/avatars/') ?? false;
  const [avatarUrl, setAvatarUrl] = useState(uploaded ? '' : (user.avatar ?? ''));
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateProfile();
  const upload = useUploadAvatar();
  const fileRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setName(user.name);
    setAvatarUrl(user.avatar?.startsWith('/api/avatars/') ? '' : (user.avatar ?? ''));
  }, [user]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name, ...(uploaded && !avatarUrl ? {} : { avatar: avatarUrl.trim() || null }) };
    const parsed = updateProfileRequestSchema.safeParse(body);
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error));
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: () => toast.success('Perfil atualizado'),
      onError: (error) => {
        setErrors(serverErrors(error));
        toast.error('Erro ao salvar o perfil', error.message);
      },
    });
  };

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
            <TextField label="Nome" value={name} onChange={setName} error={errors.name} maxLength={120} />
            <TextField
              label="Foto por endereço (URL)"
              type="url"
              placeholder={uploaded ? 'Usando a foto enviada' : 'https://…'}
              hint="PNG, JPEG, WebP ou GIF de até 256 KB pelo botão, ou um endereço http(s)."
              value={avatarUrl}
              onChange={setAvatarUrl}
              error={errors.avatar}
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
