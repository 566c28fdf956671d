import { Link } from 'react-router-dom';
import { Icon, type IconName } from '@/components/ui/Icon';
import { dashboardRead } from '../api/reads';
import type { Dashboard } from '@/features/admin-shell';
import { useAdminTitle, AsyncView, DataTable, PageHeader, useAdminQuery } from '@/features/admin-shell';
import { NotDeliveredFigure, NotDeliveredList } from '../delivery/NotDeliveredList';
import { ApplicationRow } from '../ApplicationRow';
import { Term } from '../views/Term';
import { AfterArrival } from './AfterArrival';
import { DayFigures } from './DayFigures';

const CARDS: {
  key: keyof Pick<Dashboard, 'totalApplications' | 'activeJobs' | 'newMessages' | 'blogPosts'>;
  label: string;
  icon: IconName;
  to: string;
}[] = [
  { key: 'totalApplications', label: 'Total Applications', icon: 'file', to: '/admin/applications' },
  { key: 'activeJobs', label: 'Active Jobs', icon: 'briefcase', to: '/admin/jobs' },
  { key: 'newMessages', label: 'New Messages', icon: 'mail', to: '/admin/messages' },
  { key: 'blogPosts', label: 'Blog Posts', icon: 'chat', to: '/admin/blog' },
];

export default function DashboardPage() {
  useAdminTitle('Dashboard');
  const [state, reload] = useAdminQuery(dashboardRead());
  return (
    <>
      <PageHeader title="Dashboard" />
      <AsyncView state={state} onRetry={reload}>
        {(data) => (
          <>
            <ul className="admin-stats" aria-label="Summary">
              {CARDS.map((card) => (
                <li key={card.key} className="admin-stat">
                  <span className="admin-stat__icon" aria-hidden="true">
                    <Icon name={card.icon} size={22} />
                  </span>
                  <Link to={card.to} className="admin-stat__link">
                    <span className="admin-stat__label">{card.label}</span>
                    <span className="admin-stat__value" data-testid={`stat-${card.key}`}>
                      {data[card.key].toLocaleString('en-GB')}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            <DayFigures data={data} />
            <div className="admin-grid">
              <section className="admin-card admin-grid__wide" aria-labelledby="latest-heading">
                <div className="admin-card__head">
                  <h2 id="latest-heading">Recent Applications</h2>
                  <Link to="/admin/applications">View all</Link>
                </div>
                <DataTable
                  caption="The five newest applications"
                  hiddenCaption
                  columns={['Applicant', 'Job', 'Country', 'Submitted', 'Status']}
                  items={data.latestApplications}
                  empty="No applications yet."
                  row={(app) => <ApplicationRow key={app.applicationId} app={app} />}
                />
              </section>
              <section className="admin-card" aria-labelledby="appointments-heading">
                <h2 id="appointments-heading">Appointments</h2>
                <dl className="admin-health">
                  <Term label="Booked today" testId="appointments-today">
                    {data.appointments.today}
                  </Term>
                  <Term label="No-show rate this month" testId="no-show-rate">
                    {data.appointments.noShowRate === null
                      ? '—'
                      : `${Math.round(data.appointments.noShowRate * 100)}%`}
                  </Term>
                </dl>
              </section>
              <section className="admin-card" aria-labelledby="outbox-heading">
                <h2 id="outbox-heading">SMS Outbox</h2>
                <dl className="admin-health">
                  <Term label="Pending" testId="outbox-pending">
                    {data.outbox.pending}
                  </Term>
                  <Term label="Failed (last 24 h)" testId="outbox-failed" bad={data.outbox.failedLast24h > 0}>
                    {data.outbox.failedLast24h}
                  </Term>
                  <Term label="Withdrawn (last 24 h)" testId="outbox-withdrawn">
                    {data.outbox.withdrawnLast24h}
                  </Term>
                  <NotDeliveredFigure count={data.outbox.notDelivered} />
                </dl>
                <NotDeliveredList items={data.notDelivered} />
                <p className="admin-muted admin-small">
                  {data.outbox.failedLast24h > 0
                    ? 'Some text messages could not be delivered. Check the gateway settings.'
                    : 'Text messages are being delivered normally.'}
                </p>
              </section>
              <AfterArrival data={data} />
            </div>
          </>
        )}
      </AsyncView>
    </>
  );
}
