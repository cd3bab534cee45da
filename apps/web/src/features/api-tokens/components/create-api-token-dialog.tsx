import {
  API_TOKEN_SCOPES,
  type ApiTokenScope,
  type CreateApiTokenRequest,
  createApiTokenRequestSchema,
} from '@atende/contracts';
import { useState } from 'react';
import { CheckboxGroup, type CheckboxOption } from '@/components/form/checkbox-group';
import { TextField } from '@/components/form/fields';
import { FormDialog } from '@/components/form/form-dialog';
import { FormFailure } from '@/components/form/form-failure';
import { useZodForm } from '@/components/form/use-zod-form';
import { OneTimeSecret } from '@/components/one-time-secret';
import { Button } from '@/components/ui';
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
  const create = useCreateApiToken();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const close = () => {
    onOpenChange(false);
    setCreated(null);
    create.reset();
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      isSaving={create.isPending}
      // Once the token is shown, a stray click must not lose it.
      closeOnOverlayClick={created === null}
      title={created ? 'Token criado' : 'Criar token de API'}
      description={
        created
          ? `“${created.apiToken.name}” já pode ser usado.`
          : 'Para um sistema chamar a API do Atende. Dê a ele só as permissões de que precisa.'
      }
      submitLabel="Criar token"
      footer={created ? <Button onClick={close}>Concluir</Button> : undefined}
    >
      {(formId) =>
        created ? (
          <CreatedToken token={created.token} />
        ) : (
          <TokenForm
            formId={formId}
            onSubmit={async (values) => setCreated(await create.mutateAsync(values))}
          />
        )
      }
    </FormDialog>
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

function TokenForm({
  formId,
  onSubmit,
}: {
  formId: string;
  onSubmit: (values: CreateApiTokenRequest) => Promise<void>;
}) {
  const form = useZodForm(createApiTokenRequestSchema, { name: '', scopes: [] });
  const { values, set, errors } = form;
  return (
    <form
      id={formId}
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      className="space-y-5"
      data-testid="api-token-form"
    >
      <FormFailure message={form.failure} />
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
