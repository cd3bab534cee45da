import { BarChart3, Brain, LayoutGrid } from 'lucide-react';

const CAPABILITIES = [
  {
    icon: BarChart3,
    title: 'Analytics em tempo real',
    text: 'Acompanhe conversas, desempenho e satisfação dos clientes ao vivo.',
  },
  {
    icon: Brain,
    title: 'Treinamento contínuo',
    text: 'A IA aprende com cada atendimento e melhora as respostas automaticamente.',
  },
  {
    icon: LayoutGrid,
    title: 'Gestão completa',
    text: 'CRM integrado, relatórios personalizáveis e automações avançadas.',
  },
] as const;

const CLAIMS = [
  { value: '99.9%', label: 'Uptime' },
  { value: '1.2s', label: 'Resposta média' },
  { value: '85%', label: 'Satisfação' },
] as const;

/** The three advertised capabilities and the three fixed claims. */
export function LoginSidePanel() {
  return (
    <aside
      aria-label="Sobre o Atende"
      className="relative flex flex-col justify-center overflow-hidden bg-indigo-700 px-6 py-12 text-white sm:px-12 lg:px-16 dark:bg-indigo-950"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_top_right,rgba(255,255,255,0.16),transparent_55%),radial-gradient(circle_at_bottom_left,rgba(15,23,42,0.45),transparent_60%)]"
      />
      <div className="relative mx-auto w-full max-w-lg">
        <h2 className="font-semibold text-2xl tracking-tight sm:text-3xl">
          Atendimento com IA no WhatsApp, sob o seu controle
        </h2>
        <p className="mt-3 text-indigo-100">
          A IA responde seus clientes 24 horas por dia e passa a conversa para a sua equipe quando precisa.
        </p>
        <ul className="mt-10 space-y-6">
          {CAPABILITIES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/15 ring-1 ring-white/20">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-0.5 text-indigo-100 text-sm">{text}</p>
              </div>
            </li>
          ))}
        </ul>
        <dl className="mt-12 grid grid-cols-3 gap-4 border-white/20 border-t pt-8">
          {CLAIMS.map(({ value, label }) => (
            <div key={label}>
              <dd className="font-semibold text-2xl sm:text-3xl">{value}</dd>
              <dt className="mt-1 text-indigo-100 text-xs sm:text-sm">{label}</dt>
            </div>
          ))}
        </dl>
      </div>
    </aside>
  );
}
