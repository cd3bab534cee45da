import { APP_VERSION } from '@atende/contracts';
import { Activity, BookOpen, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer, PageHeader } from '@/components/layout/page-header';
import { Card, CardContent, CardHeader } from '@/components/ui/card';

const FAQ = [
  {
    q: 'O WhatsApp desconectou. O que faço?',
    a: 'Abra o Dashboard e use “Reconectar”. Se um QR code aparecer, leia-o de novo com o celular da loja.',
  },
  {
    q: 'A IA respondeu algo errado. Como corrijo?',
    a: 'Assuma a conversa em Conversas e responda o cliente. Ajuste a base de conhecimento para que a IA aprenda.',
  },
  {
    q: 'Os números do Dashboard não mudam.',
    a: 'Verifique o aviso de conexão em tempo real no topo da página; “Reconectar” restabelece a atualização.',
  },
] as const;

export default function SupportPage() {
  const cardLink =
    'flex items-start gap-3 rounded-lg border border-slate-200 p-4 transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-800 dark:hover:bg-slate-800/50';
  return (
    <PageContainer>
      <PageHeader title="Suporte" description="Estamos aqui para ajudar" />
      <div className="grid gap-4 sm:grid-cols-3">
        <a href="mailto:suporte@atende.local" className={cardLink}>
          <Mail aria-hidden="true" className="mt-0.5 size-5 text-indigo-600 dark:text-indigo-300" />
          <span>
            <span className="block font-medium text-slate-900 text-sm dark:text-white">E-mail</span>
            <span className="block text-slate-500 text-sm dark:text-slate-400">suporte@atende.local</span>
          </span>
        </a>
        <Link to="/docs" className={cardLink}>
          <BookOpen aria-hidden="true" className="mt-0.5 size-5 text-indigo-600 dark:text-indigo-300" />
          <span>
            <span className="block font-medium text-slate-900 text-sm dark:text-white">Documentação</span>
            <span className="block text-slate-500 text-sm dark:text-slate-400">Guias e atalhos</span>
          </span>
        </Link>
        <Link to="/dashboard" className={cardLink}>
          <Activity aria-hidden="true" className="mt-0.5 size-5 text-indigo-600 dark:text-indigo-300" />
          <span>
            <span className="block font-medium text-slate-900 text-sm dark:text-white">
              Status do sistema
            </span>
            <span className="block text-slate-500 text-sm dark:text-slate-400">
              Saúde dos serviços no Dashboard
            </span>
          </span>
        </Link>
      </div>
      <Card>
        <CardHeader title="Perguntas frequentes" />
        <CardContent className="divide-y divide-slate-200 pt-2 dark:divide-slate-800">
          {FAQ.map(({ q, a }) => (
            <details key={q} className="group py-3">
              <summary className="cursor-pointer rounded font-medium text-slate-900 text-sm focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-100">
                {q}
              </summary>
              <p className="mt-2 text-slate-600 text-sm leading-6 dark:text-slate-300">{a}</p>
            </details>
          ))}
        </CardContent>
      </Card>
      <p className="text-slate-500 text-xs dark:text-slate-400">
        Ao abrir um chamado, informe a versão do Atende: v{APP_VERSION}.
      </p>
    </PageContainer>
  );
}
