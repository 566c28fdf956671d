import { Link } from 'react-router-dom';
import type { Dashboard } from '@/features/admin-shell';
import { formatDateTime, humanize, StatusBadge } from '@/features/admin-shell';
import { LastBackup } from './LastBackup';

const STATUSES = ['received', 'processing', 'approved', 'rejected'] as const;

/** The dashboard's day: applications by status, new today and unread (each a link to its view), today's appointments. */
export function DayFigures({ data }: { data: Dashboard }) {
  const figures = data.applications;
  return (
    <section className="admin-card" aria-labelledby="day-heading">
      <h2 id="day-heading">Today</h2>
      <ul className="admin-day" aria-label="Applications by status and for today">
        {STATUSES.map((status) => (
          <li key={status}>
            <Link to={`/admin/applications?status=${status}`} className="admin-day__link">
              <span>{humanize(status)}</span>
              <strong data-testid={`count-${status}`}>{figures[status]}</strong>
            </Link>
          </li>
        ))}
        <li>
          <Link to="/admin/applications?view=today" className="admin-day__link">
            <span>New today</span>
            <strong data-testid="count-new-today">{figures.newToday}</strong>
          </Link>
        </li>
        <li>
          <Link to="/admin/applications?view=unread" className="admin-day__link">
            <span>Unread</span>
            <strong data-testid="count-unread">{figures.unread}</strong>
          </Link>
        </li>
      </ul>
      <h3 id="today-appointments-heading">Today&apos;s appointments</h3>
      {data.todaysAppointments.length === 0 ? (
        <p className="admin-muted">No appointments today.</p>
      ) : (
        <ul className="admin-day-appointments" aria-labelledby="today-appointments-heading">
          {data.todaysAppointments.map((item) => (
            <li key={item.reference}>
              <span>{item.startsAt ? formatDateTime(item.startsAt) : item.preferredTime}</span>{' '}
              <strong>{item.fullName}</strong> <StatusBadge status={item.status} />
            </li>
          ))}
        </ul>
      )}
      <Link to="/admin/appointments?view=today">All of today&apos;s appointments</Link>
      <LastBackup at={data.lastBackup} />
    </section>
  );
}
