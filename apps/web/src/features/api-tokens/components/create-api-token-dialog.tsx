import { API_TOKEN_SCOPES, type ApiTokenScope, createApiTokenRequestSchema } from '@atende/contracts';
import { AlertCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { CheckboxGroup, type CheckboxOption } from '@/components/form/checkbox-group';
import { TextField } from '@/components/form/fields';
import { type FieldErrors, issuesToErrors, serverErrors } from '@/components/form/use-zod-form';
import { OneTimeSecret } from '@/components/one-time-secret';
import { Button, Modal } from '@/components/ui';
import { type CreatedApiToken, useCreateApiToken } from '../api/create-api-token';

const SCOPE_OPTIONS: ReadonlyArray<CheckboxOption<ApiTokenScope>> = (
  Object.entries(API_TOKEN_SCOPES) as Array<[ApiTokenScope, string]>
).map(([value, label]) => ({ value, label, detail: value }));

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Creates a named token with its permissions, then shows it the one time it exists in the clear. */
export function CreateApiTokenDialog({ open, onOpenChange }: Props) {
  const formId = useId();
  const create = useCreateApiToken();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const close = () => {
    onOpenChange(false);
    setCreated(null);
    create.reset();
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && !create.isPending) close();
      }}
      // Once the token is shown, a stray click must not lose it.
      closeOnOverlayClick={created === null}
      size="lg"
      title={created ? 'Token criado' : 'Criar token de API'}
      description={
        created
          ? `“${created.apiToken.name}” já pode ser usado.`
          : 'Para um sistema chamar a API do Atende. Dê a ele só as permissões de que precisa.'
      }
      footer={
        created ? (
          <Button onClick={close}>Concluir</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close} disabled={create.isPending}>
              Cancelar
            </Button>
            <Button type="submit" form={formId} isLoading={create.isPending}>
              Criar token
            </Button>
          </>
        )
      }
    >
      {created ? (
        <CreatedToken token={created.token} />
      ) : open ? (
        <TokenForm
          formId={formId}
          onSubmit={async (values) => setCreated(await create.mutateAsync(values))}
        />
      ) : null}
    </Modal>
  );
}

const code =
  'rounded bg-slate-100 px-1 py-px font-mono text-[0.8em] text-slate-800 dark:bg-slate-800 dark:text-slate-200';

function CreatedToken({ token }: { token: string }) {
  return (
    <OneTimeSecret label="Token" value={token}>
      <div className="space-y-1.5 text-slate-600 dark:text-slate-300">
        <p>
          Envie-o no cabeçalho <code className={code}>Authorization: Bearer atd_…</code>. Por exemplo:
        </p>
        <pre className="overflow-x-auto rounded-lg bg-slate-900 px-3 py-2 font-mono text-[12px] text-slate-100 leading-5 dark:bg-slate-950">
          {`curl -H "Authorization: Bearer $TOKEN" \\\n  ${window.location.origin}/api/conversations`}
        </pre>
        <p className="text-slate-500 text-xs dark:text-slate-400">
          Até 120 chamadas por minuto. Rotas fora das permissões do token respondem 403.
        </p>
      </div>
    </OneTimeSecret>
  );
}

interface Values {
  name: string;
  scopes: ApiTokenScope[];
}

function TokenForm({ formId, onSubmit }: { formId: string; onSubmit: (values: Values) => Promise<void> }) {
  const [values, setValues] = useState<Values>({ name: '', scopes: [] });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = createApiTokenRequestSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error));
      return;
    }
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      const byField = serverErrors(error);
      setErrors(byField);
      if (Object.keys(byField).length === 0) {
        setFailure(error instanceof Error ? error.message : 'Não foi possível criar o token');
      }
    }
  };

  return (
    <form id={formId} onSubmit={submit} noValidate className="space-y-5" data-testid="api-token-form">
      {failure ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-red-800 dark:bg-red-500/10 dark:text-red-200"
        >
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {failure}
        </p>
      ) : null}
      <TextField
        label="Nome"
        hint="Para reconhecer quem usa o token, por exemplo n8n ou ERP."
        placeholder="Ex.: n8n — pedidos"
        maxLength={80}
        value={values.name}
        onChange={(value) => set('name', value)}
        error={errors.name}
      />
      <CheckboxGroup
        legend="Permissões"
        hint="O token age em nome de quem o criou, só nas rotas destas permissões. Envios e alterações de clientes ficam na auditoria."
        options={SCOPE_OPTIONS}
        value={values.scopes}
        onChange={(scopes) => set('scopes', scopes)}
        error={errors.scopes}
      />
    </form>
  );
}
