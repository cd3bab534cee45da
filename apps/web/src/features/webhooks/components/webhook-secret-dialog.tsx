import { apiPaths } from '@atende/contracts';
import { OneTimeSecret } from '@/components/one-time-secret';
import { Button, Modal } from '@/components/ui';
import type { EndpointWithSecret } from '../api/create-webhook-endpoint';

interface Props {
  /** The answer that carries the secret; null when closed. */
  shown: (EndpointWithSecret & { reason: 'created' | 'rotated' }) | null;
  onClose: () => void;
}

const code =
  'rounded bg-slate-100 px-1 py-px font-mono text-[0.8em] text-slate-800 dark:bg-slate-800 dark:text-slate-200';

/** The signing secret, the one time it is shown (creation, rotation), and how a receiver checks it. */
export function WebhookSecretDialog({ shown, onClose }: Props) {
  return (
    <Modal
      open={shown !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      // A stray click must not lose a secret that is never shown again.
      closeOnOverlayClick={false}
      size="lg"
      title={shown?.reason === 'rotated' ? 'Novo segredo gerado' : 'Webhook criado'}
      description={
        shown?.reason === 'rotated'
          ? 'O segredo anterior deixou de valer: atualize o receptor com este.'
          : 'Configure este segredo no receptor para conferir que cada POST veio do Atende.'
      }
      footer={<Button onClick={onClose}>Concluir</Button>}
    >
      {shown ? (
        <div className="space-y-4">
          <p className="break-all text-slate-500 text-xs dark:text-slate-400">
            Para <span className="font-mono">{shown.endpoint.url}</span>
          </p>
          <OneTimeSecret label="Segredo de assinatura" value={shown.secret} />
          <section aria-labelledby="webhook-signature-help" className="space-y-2">
            <h3 id="webhook-signature-help" className="font-medium text-slate-800 dark:text-slate-100">
              Como o receptor confere a assinatura
            </h3>
            <ul className="list-disc space-y-1.5 pl-5 text-slate-600 dark:text-slate-300">
              <li>
                Cada POST traz <code className={code}>webhook-id</code>,{' '}
                <code className={code}>webhook-timestamp</code> e{' '}
                <code className={code}>webhook-signature</code> (
                <code className={code}>v1,&lt;base64&gt;</code>
                ).
              </li>
              <li>
                A assinatura é o HMAC-SHA256 de <code className={code}>id.timestamp.corpo</code>, sobre o
                corpo exatamente como chegou; a chave são os bytes do base64 depois de{' '}
                <code className={code}>whsec_</code>.
              </li>
              <li>
                Recuse timestamps com mais de 5 minutos de diferença e use o{' '}
                <code className={code}>webhook-id</code> para ignorar repetições.
              </li>
            </ul>
            <p className="text-slate-500 text-xs dark:text-slate-400">
              É o padrão Standard Webhooks: as bibliotecas dele (Node, Python, Go, PHP…) conferem sem código
              extra. Os eventos estão descritos na{' '}
              <a
                href={apiPaths.docs()}
                target="_blank"
                rel="noopener"
                className="font-medium text-indigo-600 hover:underline dark:text-indigo-400"
              >
                Documentação da API
              </a>
              .
            </p>
          </section>
        </div>
      ) : null}
    </Modal>
  );
}
