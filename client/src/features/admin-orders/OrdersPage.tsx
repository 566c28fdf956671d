/** /admin/job-orders: every job order, newest first, with its employer and fill. */
import { Link } from 'react-router-dom';
import { useResource } from '@/lib/use-resource';
import { AsyncView, PageHeader, useAdminTitle } from '@/features/admin-shell';
import { listOrders } from './api/orders';
import { OrdersTable } from './OrdersTable';
import './orders.css';

export default function OrdersPage() {
  useAdminTitle('Job orders');
  const [state, reload] = useResource((signal) => listOrders('', signal), 'orders:all');
  return (
    <>
      <PageHeader title="Job orders">
        <Link className="admin-button admin-button--ghost" to="/admin/employers">
          Employers
        </Link>
      </PageHeader>
      <AsyncView state={state} onRetry={reload}>
        {(orders) => (
          <section className="admin-card">
            <OrdersTable orders={orders} withEmployer />
          </section>
        )}
      </AsyncView>
    </>
  );
}
