import { useAdminTitle } from './hooks';
import { PageHeader } from './ui';

export default function AppointmentsPage() {
  useAdminTitle('Appointments');
  return <PageHeader title="Appointments" />;
}
