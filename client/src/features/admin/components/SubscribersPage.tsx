import { useAdminTitle } from './hooks';
import { PageHeader } from './ui';

export default function SubscribersPage() {
  useAdminTitle('Subscribers');
  return <PageHeader title="Subscribers" />;
}
