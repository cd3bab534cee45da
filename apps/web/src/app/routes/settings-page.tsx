import { Settings } from 'lucide-react';
import { useParams } from 'react-router';
import { PlaceholderPage } from './placeholder-page';

export default function SettingsPage() {
  const { tab } = useParams();
  return (
    <PlaceholderPage
      title="Configurações"
      description={tab ? `Seção: ${tab}` : 'Preferências do sistema'}
      icon={Settings}
      phase="Em breve"
      heading="Configurações avançadas chegam em breve"
      summary="Ajustes da IA (limiar de confiança, horário de atendimento, mensagens padrão), controle de acesso da equipe e segurança. Seu perfil e a preferência de tema já podem ser vistos em Perfil."
      upcoming={[
        'Comportamento e tom da IA',
        'Horário de atendimento',
        'Usuários e permissões',
        'Segurança e sessões',
      ]}
      meanwhile={{ to: '/settings/profile', label: 'Ver meu perfil' }}
    />
  );
}
