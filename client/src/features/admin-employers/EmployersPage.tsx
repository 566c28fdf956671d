/** /admin/employers: the employers by company, searched as applicants are (the server folds the words). */
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useResource } from '@/lib/use-resource';
import { AsyncView, PageHeader, PagedTable, countOf, useAdminTitle } from '@/features/admin-shell';
import { listEmployers } from './api/employers';
import { countryName } from './employer-form';

export default function EmployersPage() {
  useAdminTitle('Employers');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Number(params.get('page') ?? '1') || 1;
  const [draft, setDraft] = useState(q);
  const [state, reload] = useResource((signal) => listEmployers(q, page, signal), `employers:${q}:${page}`);
  const go = (nextQ: string, nextPage: number) => {
    const next: Record<string, string> = {};
    if (nextQ) next.q = nextQ;
    if (nextPage > 1) next.page = String(nextPage);
    setParams(next);
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    go(draft.trim(), 1);
  };
  return (
    <>
      <PageHeader title="Employers">
        <Link className="admin-button admin-button--primary" to="/admin/employers/new">
          New employer
        </Link>
        <Link className="admin-button admin-button--ghost" to="/admin/job-orders">
          All job orders
        </Link>
      </PageHeader>
      <section className="admin-card admin-filters" aria-label="Find employers">
        <form role="search" className="admin-search" onSubmit={onSearch}>
          <label htmlFor="employer-search" className="visually-hidden">
            Search employers
          </label>
          <input
            id="employer-search"
            type="search"
            placeholder="Search by company, city, licence, contact or phone"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="admin-button admin-button--primary">
            Search
          </button>
        </form>
      </section>
      <AsyncView state={state} onRetry={reload}>
        {(data) => (
          <section className="admin-card">
            <PagedTable
              data={data}
              label="Employers"
              onPage={(next) => go(q, next)}
              caption={
                q ? `${countOf(data.total, 'employer')} found for “${q}”` : countOf(data.total, 'employer')
              }
              columns={['Company', 'Country', 'City', 'Trade licence', 'Contacts']}
              empty={q ? 'No employer matches this search.' : 'No employers yet.'}
              row={(employer) => (
                <tr key={employer.id}>
                  <th scope="row">
                    <Link to={`/admin/employers/${encodeURIComponent(employer.id)}`}>{employer.company}</Link>
                  </th>
                  <td>{countryName(employer.country)}</td>
                  <td>{employer.city}</td>
                  <td>{employer.licenceNumber}</td>
                  <td>{employer.contacts.map((contact) => contact.name).join(', ')}</td>
                </tr>
              )}
            />
          </section>
        )}
      </AsyncView>
    </>
  );
}
