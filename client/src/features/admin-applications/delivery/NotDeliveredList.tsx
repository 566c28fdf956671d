import { Link } from 'react-router-dom';
import type { Dashboard } from '@/features/admin-shell';
import { formatDateTime, humanize } from '@/features/admin-shell';
import { Term } from '../views/Term';
import { NOT_DELIVERED_IN_TIME } from './DeliveryBadge';

type Undelivered = Dashboard['notDelivered'][number];

const APPOINTMENT_KINDS = new Set(['appointment', 'appointment_reminder']);

function Source({ sms }: { sms: Undelivered }) {
  if (APPOINTMENT_KINDS.has(sms.kind)) return <Link to="/admin/appointments">{sms.sourceId}</Link>;
  return <Link to={`/admin/applications/${encodeURIComponent(sms.sourceId)}`}>{sms.sourceId}</Link>;
}

/** The dashboard's count of texts sent but not delivered in time (inside the outbox card's list). */
export function NotDeliveredFigure({ count }: { count: number }) {
  return (
    <Term label={NOT_DELIVERED_IN_TIME} testId="outbox-not-delivered" bad={count > 0}>
      {count}
    </Term>
  );
}

/** The newest texts not delivered in time, each linked to its application (or the appointments). */
export function NotDeliveredList({ items }: { items: Dashboard['notDelivered'] }) {
  if (!items.length) return null;
  return (
    <ul className="admin-delivery-late" aria-label="Texts not delivered in time">
      {items.map((sms) => (
        <li key={sms.id}>
          <Source sms={sms} />: {humanize(sms.kind)}, sent {formatDateTime(sms.deliveredAt)}
          {sms.reportStatus ? ` (${sms.reportStatus})` : ''}
        </li>
      ))}
    </ul>
  );
}
