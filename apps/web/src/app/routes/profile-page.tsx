import SettingsPage from './settings-page';

/** /settings/profile (the sidebar's Perfil and the user menu's Meu Perfil). */
export default function ProfilePage() {
  return <SettingsPage tab="profile" />;
}
