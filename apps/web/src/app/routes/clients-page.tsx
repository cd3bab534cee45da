import { Users } from 'lucide-react';
import { useParams } from 'react-router';
import { PlaceholderPage } from './placeholder-page';

export default function ClientsPage() {
  const { id } = useParams();
  return (
    <PlaceholderPage
      title="Clientes"
      description={id ? 'Ficha do cliente' : 'Seus clientes em um só lugar'}
      icon={Users}
      phase="Próxima fase"
      heading="O CRM chega na próxima fase"
      summary="Em breve você terá aqui a ficha completa de cada cliente que fala com a sua loja pelo WhatsApp: contatos, histórico de conversas e compras, etiquetas e anotações da equipe. Enquanto isso, o histórico de cada cliente está na tela de Conversas."
      upcoming={[
        'Ficha do cliente com contatos e histórico',
        'Etiquetas e segmentação',
        'Anotações internas da equipe',
        'Importação e exportação de contatos',
      ]}
      meanwhile={{ to: '/conversations', label: 'Abrir Conversas' }}
    />
  );
}
