import { Link } from 'react-router';
import { PageContainer, PageHeader } from '@/components/layout/page-header';
import { Card, CardContent, CardHeader } from '@/components/ui/card';

const SHORTCUTS = [
  ['G depois D', 'Dashboard'],
  ['G depois C', 'Conversas'],
  ['G depois U', 'Clientes'],
  ['G depois S', 'Configurações'],
  ['⌘K ou Ctrl K', 'Buscar'],
] as const;

const linkClass = 'font-medium text-indigo-600 hover:underline dark:text-indigo-300';

export default function DocsPage() {
  return (
    <PageContainer>
      <PageHeader title="Documentação" description="Como usar o Atende no dia a dia" />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader title="Primeiros passos" />
            <CardContent>
              <ol className="list-decimal space-y-3 pl-5 text-slate-600 text-sm leading-6 dark:text-slate-300">
                <li>
                  No{' '}
                  <Link to="/dashboard" className={linkClass}>
                    Dashboard
                  </Link>
                  , conecte o WhatsApp: leia o QR code com o celular da loja (WhatsApp › Aparelhos
                  conectados).
                </li>
                <li>
                  A partir daí a IA responde os clientes usando a base de conhecimento da loja, com um índice
                  de confiança em cada resposta.
                </li>
                <li>
                  Quando a IA não tem certeza ou o cliente pede uma pessoa, a conversa é transferida para a
                  equipe e aparece em{' '}
                  <Link to="/conversations" className={linkClass}>
                    Conversas
                  </Link>
                  .
                </li>
                <li>Você pode assumir qualquer conversa a qualquer momento e devolvê-la para a IA depois.</li>
              </ol>
            </CardContent>
          </Card>
          <Card>
            <CardHeader title="Conversas" />
            <CardContent className="space-y-3 text-slate-600 text-sm leading-6 dark:text-slate-300">
              <p>
                A lista mostra as conversas mais recentes primeiro, com status (ativa, finalizada, pausada ou
                abandonada) e quem está atendendo: IA ou humano. Novas mensagens chegam em tempo real.
              </p>
              <p>
                No chat, responda com Enter (Shift+Enter quebra a linha), cite uma mensagem para respondê-la,
                reaja com emojis e use as respostas rápidas. Mensagens têm no máximo 1000 caracteres.
              </p>
            </CardContent>
          </Card>
        </div>
        <Card className="h-fit">
          <CardHeader title="Atalhos de teclado" />
          <CardContent>
            <dl className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
              {SHORTCUTS.map(([keys, action]) => (
                <div key={keys} className="flex items-center justify-between gap-4 py-2">
                  <dt className="text-slate-600 dark:text-slate-300">{action}</dt>
                  <dd>
                    <kbd className="rounded border border-slate-200 bg-slate-50 px-1.5 py-0.5 font-sans text-slate-600 text-xs dark:border-slate-700 dark:bg-slate-800 dark:text-slate-300">
                      {keys}
                    </kbd>
                  </dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
      </div>
    </PageContainer>
  );
}
