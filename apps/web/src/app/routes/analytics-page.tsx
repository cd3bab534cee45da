import { BarChart3 } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

export default function AnalyticsPage() {
  return (
    <PlaceholderPage
      title="Analytics"
      description="Análises avançadas do atendimento"
      icon={BarChart3}
      phase="Em breve"
      heading="Analytics avançado vem depois"
      summary="Relatórios detalhados de conversas, conversões, satisfação e desempenho da IA, com filtros por período e exportação. Os principais indicadores em tempo real já estão no Dashboard."
      upcoming={[
        'Relatórios personalizáveis por período',
        'Funil de conversão por canal',
        'Satisfação e sentimento dos clientes',
        'Exportação em CSV',
      ]}
      meanwhile={{ to: '/dashboard', label: 'Ver o Dashboard' }}
    />
  );
}
