import { useAdminTitle } from './hooks';
import { PageHeader } from './ui';

export default function SettingsPage() {
  useAdminTitle('Settings');
  return <PageHeader title="Settings" />;
}
