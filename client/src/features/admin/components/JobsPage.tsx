import { useAdminTitle } from './hooks';
import { PageHeader } from './ui';

export default function JobsPage() {
  useAdminTitle('Jobs');
  return <PageHeader title="Jobs" />;
}
