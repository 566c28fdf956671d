import { Link, useSearchParams } from 'react-router-dom';
import { getApplicationNeighbours } from '../api/applications';
import { filtersFrom, listSearch, useAdminQuery } from '@/features/admin-shell';

const detail = (id: string, search: string) => `/admin/applications/${encodeURIComponent(id)}${search}`;

/** "← All applications" back to the same filtered list, and the previous and next applicant in it. */
export function RecordNav({ applicationId }: { applicationId: string }) {
  const [params] = useSearchParams();
  const search = listSearch(params);
  const filters = filtersFrom(params);
  const [state] = useAdminQuery({
    key: ['applications', 'neighbours', applicationId, filters],
    load: (signal) => getApplicationNeighbours(applicationId, filters, signal),
  });
  const around = state.status === 'success' ? state.data : null;
  return (
    <nav className="admin-record-nav" aria-label="Applications">
      <Link to={`/admin/applications${search}`} className="admin-record-nav__back">
        ← All applications
      </Link>
      {around && around.position > 0 ? (
        <span className="admin-record-nav__steps">
          {around.previous ? (
            <Link className="admin-button" to={detail(around.previous, search)} rel="prev">
              ← Previous
            </Link>
          ) : null}
          <span className="admin-muted admin-small" data-testid="record-position">
            {around.position} of {around.total}
          </span>
          {around.next ? (
            <Link className="admin-button" to={detail(around.next, search)} rel="next">
              Next →
            </Link>
          ) : null}
        </span>
      ) : null}
    </nav>
  );
}
