/**
 * /admin/employers/new and /admin/employers/:employerId: the employer's form, and its job orders.
 * An edit made on a stale version (409) shows the server's message and reads the employer again.
 */
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { notify } from '@/lib/notify';
import { useResource } from '@/lib/use-resource';
import { AsyncView, BackLink, PageHeader, RecordPage, useAdminTitle } from '@/features/admin-shell';
import { ConflictAlert } from '@/features/admin-forms';
import { OrdersTable, listOrders } from '@/features/admin-orders';
import { getEmployer, type Employer } from './api/employers';
import { EmployerForm } from './EmployerForm';

const BACK = <BackLink to="/admin/employers" label="All employers" />;

function NewEmployer() {
  useAdminTitle('New employer');
  const navigate = useNavigate();
  return (
    <>
      {BACK}
      <PageHeader title="New employer" />
      <section className="admin-card" aria-label="Employer">
        <EmployerForm
          employer={null}
          onConflict={(message) => void notify(message, 'error')}
          onSaved={(saved) => {
            void notify('Employer created', 'success');
            void navigate(`/admin/employers/${encodeURIComponent(saved.id)}`);
          }}
        />
      </section>
    </>
  );
}

function EmployerOrders({ employer }: { employer: Employer }) {
  const [state, reload] = useResource((signal) => listOrders(employer.id, signal), `orders:${employer.id}`);
  return (
    <section className="admin-card" aria-labelledby="employer-orders">
      <div className="admin-page-header">
        <h2 id="employer-orders">Job orders</h2>
        <Link
          className="admin-button admin-button--primary"
          to={`/admin/job-orders/new?employerId=${encodeURIComponent(employer.id)}`}
        >
          New job order
        </Link>
      </div>
      <AsyncView state={state} onRetry={reload}>
        {(orders) => <OrdersTable orders={orders} withEmployer={false} />}
      </AsyncView>
    </section>
  );
}

function ExistingEmployer({ id }: { id: string }) {
  const [state, reload] = useResource((signal) => getEmployer(id, signal), `employer:${id}`);
  const [latest, setLatest] = useState<Employer | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  useAdminTitle(state.status === 'success' ? state.data.company : 'Employer');
  const shown = (loaded: Employer) =>
    latest && latest.id === loaded.id && latest.version > loaded.version ? latest : loaded;
  return (
    <RecordPage
      back={BACK}
      state={state}
      onRetry={reload}
      shown={shown}
      title={(employer) => employer.company}
    >
      {(employer) => (
        <div className="employer-page">
          <section className="admin-card" aria-label="Employer">
            <ConflictAlert message={conflict} />
            <EmployerForm
              employer={employer}
              onConflict={(message) => {
                setConflict(message);
                setLatest(null);
                reload();
              }}
              onSaved={(saved) => {
                setConflict(null);
                setLatest(saved);
                void notify('Employer saved', 'success');
              }}
            />
          </section>
          <EmployerOrders employer={employer} />
        </div>
      )}
    </RecordPage>
  );
}

export default function EmployerPage() {
  const { employerId } = useParams();
  return employerId ? <ExistingEmployer key={employerId} id={employerId} /> : <NewEmployer />;
}
