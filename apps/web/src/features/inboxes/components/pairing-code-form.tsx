import { pairingCodeRequestSchema } from '@atende/contracts';
import { TextField } from '@/components/form/fields';
import { useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui';
import { formatPairingCode } from '@/lib/inbox-connection';
import { useRequestPairingCode } from '../api/request-pairing-code';

const phoneSchema = pairingCodeRequestSchema.pick({ phone: true });

/** Linked devices: the admin types the number, the phone types the 8-character code shown here. */
export function PairingCodeForm({
  inboxId,
  currentCode,
  onUseQr,
}: {
  inboxId: string;
  /** The code the inbox's status already carries (asked for earlier, here or elsewhere). */
  currentCode: string | null;
  onUseQr: () => void;
}) {
  const form = useZodForm(phoneSchema, { phone: '' });
  const request = useRequestPairingCode();
  const code = request.data ?? currentCode;
  // Any refusal (a number the server does not accept, the device gone) shows on the number.
  const submit = form.handleSubmit((data) => request.mutateAsync({ id: inboxId, phone: data.phone }), {
    errorField: 'phone',
  });

  return (
    <div className="space-y-4" data-testid="pairing-code">
      <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="Número do WhatsApp"
          hint="Com DDD; sem o +55, entende-se um número do Brasil."
          placeholder="+55 11 98765-4321"
          inputMode="tel"
          autoComplete="tel"
          className="min-w-0 flex-1"
          value={form.values.phone}
          onChange={(value) => form.set('phone', value)}
          error={form.errors.phone}
        />
        <Button type="submit" isLoading={request.isPending} className="sm:mt-7">
          Gerar código
        </Button>
      </form>
      {code ? (
        <div className="rounded-lg border border-indigo-200 bg-indigo-50/60 p-4 dark:border-indigo-500/30 dark:bg-indigo-500/10">
          <p className="text-slate-600 text-sm dark:text-slate-300">Código de pareamento</p>
          <p
            data-testid="pairing-code-value"
            aria-live="polite"
            className="mt-1 font-mono font-semibold text-3xl text-slate-900 tracking-[0.2em] dark:text-white"
          >
            {formatPairingCode(code)}
          </p>
          <ol className="mt-3 list-decimal space-y-1 pl-5 text-slate-600 text-sm dark:text-slate-400">
            <li>
              No celular, abra o WhatsApp ›{' '}
              <strong className="font-medium text-slate-800 dark:text-slate-200">Aparelhos conectados</strong>
            </li>
            <li>
              Toque em{' '}
              <strong className="font-medium text-slate-800 dark:text-slate-200">Conectar um aparelho</strong>{' '}
              ›{' '}
              <strong className="font-medium text-slate-800 dark:text-slate-200">Conectar com número</strong>
            </li>
            <li>Digite o código acima</li>
          </ol>
        </div>
      ) : null}
      <Button variant="ghost" size="sm" onClick={onUseQr}>
        Usar o QR code
      </Button>
    </div>
  );
}
