import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { constants } from '@/config/rules';
import { adminUrl } from '../api/client';
import { emptyApplicationFilters, listApplications, type ApplicationFilters } from '../api/endpoints';
import { APPLICATION_STATUSES, PAYMENT_STATES } from '../api/types';
import { useResource } from '@/lib/use-resource';
import { countOf, humanize, useAdminTitle } from './hooks';
import { ApplicationRow, AsyncView, PageHeader, PagedTable } from './ui';

const PAGE_SIZE = 20;
const KEYS = Object.keys(emptyApplicationFilters) as (keyof ApplicationFilters)[];

export default function ApplicationsPage() {
  useAdminTitle('Applications');
  const [params, setParams] = useSearchParams();
  const filters: ApplicationFilters = { ...emptyApplicationFilters };
  for (const key of KEYS) filters[key] = params.get(key) ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(filters.q);
  const [state, reload] = useResource(
    (signal) => listApplications(filters, page, PAGE_SIZE, signal),
    `applications?${params.toString()}`,
  );

  const update = (changes: Partial<ApplicationFilters> & { page?: string }) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update({ q: draft.trim() });
  };

  const hasFilters = KEYS.some((key) => filters[key]);

  return (
    <>
      <PageHeader title="Applications">
        <a className="admin-button" href={adminUrl('/applications/export.csv', { ...filters })} download>
          Export CSV
        </a>
      </PageHeader>
      <section className="admin-card admin-filters" aria-label="Search and filters">
        <form role="search" className="admin-search" onSubmit={onSearch}>
          <label htmlFor="app-search" className="visually-hidden">
            Search applications
          </label>
          <input
            id="app-search"
            type="search"
            placeholder="Search by name, e-mail, phone or ID"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="admin-button admin-button--primary">
            Search
          </button>
        </form>
        <div className="admin-filter-row">
          <div className="admin-field">
            <label htmlFor="filter-status">Status</label>
            <select
              id="filter-status"
              value={filters.status}
              onChange={(e) => update({ status: e.target.value })}
            >
              <option value="">All statuses</option>
              {APPLICATION_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {humanize(status)}
                </option>
              ))}
            </select>
          </div>
          <div className="admin-field">
            <label htmlFor="filter-payment">Payment</label>
            <select
              id="filter-payment"
              value={filters.payment}
              onChange={(e) => update({ payment: e.target.value })}
            >
              <option value="">All payments</option>
              {PAYMENT_STATES.map((state) => (
                <option key={state} value={state}>
                  {humanize(state)}
                </option>
              ))}
            </select>
          </div>
          <div className="admin-field">
            <label htmlFor="filter-category">Job category</label>
            <select
              id="filter-category"
              value={filters.jobCategory}
              onChange={(e) => update({ jobCategory: e.target.value })}
            >
              <option value="">All categories</option>
              {constants.applicationJobCategories.map((value) => (
                <option key={value}>{value}</option>
              ))}
            </select>
          </div>
          <div className="admin-field">
            <label htmlFor="filter-country">Preferred country</label>
            <select
              id="filter-country"
              value={filters.preferredCountry}
              onChange={(e) => update({ preferredCountry: e.target.value })}
            >
              <option value="">All countries</option>
              {constants.applicationCountries.map((value) => (
                <option key={value}>{value}</option>
              ))}
            </select>
          </div>
          <div className="admin-field">
            <label htmlFor="filter-from">From</label>
            <input
              id="filter-from"
              type="date"
              value={filters.from}
              onChange={(e) => update({ from: e.target.value })}
            />
          </div>
          <div className="admin-field">
            <label htmlFor="filter-to">To</label>
            <input
              id="filter-to"
              type="date"
              value={filters.to}
              onChange={(e) => update({ to: e.target.value })}
            />
          </div>
          {filters.jobId ? (
            <p className="admin-muted" data-testid="job-filter">
              Applications for job {filters.jobId}
            </p>
          ) : null}
          {hasFilters ? (
            <button
              type="button"
              className="admin-button admin-button--ghost"
              onClick={() => {
                setDraft('');
                setParams(new URLSearchParams());
              }}
            >
              Clear filters
            </button>
          ) : null}
        </div>
      </section>
      <AsyncView state={state} onRetry={reload}>
        {(data) => (
          <section className="admin-card">
            <PagedTable
              data={data}
              label="Applications"
              onPage={(next) => update({ page: String(next) })}
              caption={countOf(data.total, 'application')}
              columns={['Applicant', 'Contact', 'Job category', 'Country', 'Submitted', 'Status', 'Payment']}
              empty="No applications match."
              row={(app) => <ApplicationRow key={app.applicationId} app={app} withContact withPayment />}
            />
          </section>
        )}
      </AsyncView>
    </>
  );
}
