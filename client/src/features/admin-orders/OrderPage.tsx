/**
 * /admin/job-orders/new?employerId= and /admin/job-orders/:orderId: a job order (demand letter) with its
 * fill, what keeps its jobs from publishing, its approval, override, files and the jobs linked to it.
 */
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { notify } from '@/lib/notify';
import { useResource } from '@/lib/use-resource';
import {
  BackLink,
  PageHeader,
  RecordPage,
  StatusBadge,
  formatDate,
  formatDateTime,
  useAdminTitle,
} from '@/features/admin-shell';
import { PacksSection } from '@/features/admin-packs';
import { getOrder, type Order } from './api/orders';
import { ConflictAlert } from '@/features/admin-forms';
import { FilesSection } from './OrderFiles';
import { ApprovalSection, OverrideSection } from './OrderCompliance';
import { OrderForm } from './OrderForm';
import { JobsSection } from './OrderJobs';
import { FillText, orderTitle } from './OrdersTable';
import './orders.css';

const BACK = <BackLink to="/admin/job-orders" label="All job orders" />;

function NewOrder() {
  useAdminTitle('New job order');
  const [params] = useSearchParams();
  const employerId = params.get('employerId') ?? '';
  const navigate = useNavigate();
  return (
    <>
      {employerId ? (
        <BackLink to={`/admin/employers/${encodeURIComponent(employerId)}`} label="The employer" />
      ) : (
        BACK
      )}
      <PageHeader title="New job order" />
      <section className="admin-card" aria-label="Job order">
        {employerId ? (
          <OrderForm
            order={null}
            employerId={employerId}
            onConflict={(message) => void notify(message, 'error')}
            onSaved={(saved) => {
              void notify('Job order created', 'success');
              void navigate(`/admin/job-orders/${encodeURIComponent(saved.id)}`);
            }}
          />
        ) : (
          <p>
            A job order belongs to an employer: <Link to="/admin/employers">open the employer</Link> and
            choose New job order.
          </p>
        )}
      </section>
    </>
  );
}

function Summary({ order }: { order: Order }) {
  const benefits = Object.entries(order.benefits)
    .filter(([, given]) => given)
    .map(([name]) => name);
  const rows: [string, ReactNode][] = [
    [
      'Employer',
      <Link key="employer" to={`/admin/employers/${encodeURIComponent(order.employerId)}`}>
        {order.employerCompany}
      </Link>,
    ],
    ['Fill', <FillText key="fill" order={order} />],
    ['Valid until', formatDate(order.validUntil)],
    ['Contract', `${order.contractMonths} months`],
    ['Benefits', benefits.length ? benefits.join(', ') : 'None'],
    ['Updated', `${formatDateTime(order.updatedAt)} by ${order.updatedBy}`],
  ];
  return (
    <section className="admin-card" aria-labelledby="order-summary">
      <h2 id="order-summary">Summary</h2>
      <dl className="admin-dl">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {order.problems.length ? (
        <div className="admin-alert employer-problems" role="status">
          <p>What keeps its jobs from publishing:</p>
          <ul>
            {order.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="admin-muted">Its jobs may be published.</p>
      )}
    </section>
  );
}

function OrderDetails({ order, onSaved, onConflict }: OrderActions) {
  const [editing, setEditing] = useState(false);
  return (
    <section className="admin-card" aria-labelledby="order-details">
      <div className="admin-page-header">
        <h2 id="order-details">Positions and terms</h2>
        <button
          type="button"
          className="admin-button admin-button--ghost"
          onClick={() => setEditing(!editing)}
        >
          {editing ? 'Close the form' : 'Edit the order'}
        </button>
      </div>
      <ul className="employer-positions">
        {order.positions.map((p, index) => (
          <li
            key={index}
          >{`${p.headCount} × ${p.trade}, ${p.salary.toLocaleString('en-GB')} ${p.currency} a month`}</li>
        ))}
      </ul>
      {order.domesticWork ? <p>Domestic work in a household.</p> : null}
      {editing ? (
        <OrderForm
          order={order}
          employerId={order.employerId}
          onConflict={onConflict}
          onSaved={(saved) => {
            setEditing(false);
            onSaved(saved);
          }}
        />
      ) : null}
    </section>
  );
}

interface OrderActions {
  order: Order;
  onSaved: (order: Order) => void;
  onConflict: (message: string) => void;
}

function ExistingOrder({ id }: { id: string }) {
  const [state, reload] = useResource((signal) => getOrder(id, signal), `order:${id}`);
  const [latest, setLatest] = useState<Order | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  useAdminTitle(state.status === 'success' ? `Job order ${state.data.id}` : 'Job order');
  const actions = {
    onSaved: (saved: Order) => {
      setConflict(null);
      setLatest(saved);
      void notify('Job order saved', 'success');
    },
    onConflict: (message: string) => {
      setConflict(message);
      setLatest(null);
      reload();
    },
  };
  const refresh = async () => setLatest(await getOrder(id));
  return (
    <RecordPage
      back={BACK}
      state={state}
      onRetry={reload}
      shown={(loaded) => (latest && latest.id === loaded.id ? latest : loaded)}
      title={orderTitle}
      badge={(order) => <StatusBadge status={order.closed ? 'closed' : 'open'} />}
    >
      {(order) => (
        <div className="employer-page">
          <ConflictAlert message={conflict} />
          <Summary order={order} />
          <OrderDetails order={order} {...actions} />
          <ApprovalSection order={order} {...actions} />
          {order.domesticWork ? <OverrideSection order={order} {...actions} /> : null}
          <FilesSection order={order} onSaved={setLatest} />
          <JobsSection order={order} onChanged={refresh} />
          <PacksSection orderId={order.id} employerId={order.employerId} />
        </div>
      )}
    </RecordPage>
  );
}

export default function OrderPage() {
  const { orderId } = useParams();
  return orderId ? <ExistingOrder key={orderId} id={orderId} /> : <NewOrder />;
}
