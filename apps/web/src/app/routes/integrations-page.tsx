import { Plug } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

export default function IntegrationsPage() {
  return (
    <PlaceholderPage
      title="Integrações"
      description="Conecte o Atende às suas ferramentas"
      icon={Plug}
      phase="Em breve"
      heading="A central de integrações vem depois"
      summary="Conecte o Atende ao seu e-commerce, ERP e ferramentas de marketing para que a IA consulte pedidos, estoque e entregas. A conexão com o WhatsApp já é feita pelo Dashboard."
      upcoming={[
        'Plataformas de e-commerce',
        'Webhooks e API pública',
        'Automação de marketing',
        'Planilhas e relatórios',
      ]}
      meanwhile={{ to: '/dashboard', label: 'Conectar o WhatsApp' }}
    />
  );
}
