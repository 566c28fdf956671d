import { Link } from 'react-router-dom';
import type { Dashboard } from '@/features/admin-shell';
import { Term } from '../views/Term';

const KIND_LABELS: Record<string, string> = {
  passport: 'Passport',
  medical: 'Medical',
  police_clearance: 'Police clearance',
  visa: 'Visa / work permit',
};

/** The expiry watch's "Expiring soon" counts by document kind, and the open welfare cases (issue 45). */
export function AfterArrival({ data }: { data: Pick<Dashboard, 'expiringSoon' | 'welfareCases'> }) {
  const expiring = Object.entries(data.expiringSoon ?? {}).filter(([, count]) => count > 0);
  const cases = data.welfareCases ?? { open: 0, flagged: 0 };
  return (
    <section className="admin-card" aria-labelledby="after-arrival-heading">
      <h2 id="after-arrival-heading">Documents and welfare</h2>
      <dl className="admin-health">
        <Term label="Welfare cases open" testId="welfare-open" bad={cases.flagged > 0}>
          {cases.open}
          {cases.flagged > 0 ? ` (${cases.flagged} not opened in 24 h)` : ''}
        </Term>
        {expiring.map(([kind, count]) => (
          <Term key={kind} label={`Expiring soon: ${KIND_LABELS[kind] ?? kind}`} testId={`expiring-${kind}`}>
            {count}
          </Term>
        ))}
      </dl>
      {expiring.length === 0 ? <p className="admin-muted admin-small">No documents expiring soon.</p> : null}
      <p className="admin-small">
        <Link to="/admin/welfare">Welfare cases and expiring documents</Link>
      </p>
    </section>
  );
}
