import { useState, type FormEvent } from 'react';
import { FilterSelect } from '@/components/ui/FilterSelect';
import { useSearchParams } from 'react-router-dom';
import { constants } from '@/config/rules';
import { applicationsExportHref, APPLICATION_VIEWS } from './api/applications';
import { APPLICATIONS_KEY, DASHBOARD_KEY, applicationsRead } from './api/reads';
import {
  type ApplicationFilters,
  APPLICATION_STATUSES,
  SHOWN_PAYMENTS,
  countOf,
  humanize,
  useAdminTitle,
  AsyncView,
  PageHeader,
  PagedTable,
  FILTER_KEYS,
  filtersFrom,
  foldedCount,
  listSearch,
  QuickViews,
  useAdminQuery,
  useInvalidate,
} from '@/features/admin-shell';
import { ApplicationRow } from './ApplicationRow';
import { BulkBar, SelectCell, useSelection, useBulkMove } from '@/features/admin-bulk';
import { FilterFold } from './views/FilterFold';
import { JobFilter } from './views/JobFilter';
import { MineToggle, OwnerSelect, useStaff } from '@/features/admin-notes';

export default function ApplicationsPage() {
  useAdminTitle('Applications');
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const [draft, setDraft] = useState(filters.q);
  const selection = useSelection();
  const staff = useStaff();
  const [state, reload] = useAdminQuery(applicationsRead(params));
  const invalidate = useInvalidate();

  // A move changes the records moved, every list they are in and the dashboard's counts.
  const move = useBulkMove(() => {
    selection.clear();
    invalidate(APPLICATIONS_KEY, DASHBOARD_KEY);
  });

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

  const hasFilters = FILTER_KEYS.some((key) => filters[key]);
  // The fold's selects: the filter each sets, its id, label, "all" option, options and their words.
  const selects: [keyof ApplicationFilters, string, string, string, readonly string[], typeof humanize?][] = [
    ['status', 'status', 'Status', 'All statuses', APPLICATION_STATUSES, humanize],
    ['payment', 'payment', 'Payment', 'All payments', SHOWN_PAYMENTS, humanize],
    ['jobCategory', 'category', 'Job category', 'All categories', constants.applicationJobCategories],
    ['preferredCountry', 'country', 'Preferred country', 'All countries', constants.applicationCountries],
  ];

  return (
    <>
      <PageHeader title="Applications">
        <a className="admin-button" href={applicationsExportHref(filters)} download>
          Export CSV
        </a>
      </PageHeader>
      <QuickViews
        label="Quick views of applications"
        options={APPLICATION_VIEWS}
        value={filters.view}
        onChange={(view) => update({ view })}
      />
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
        <FilterFold count={foldedCount(filters)}>
          <div className="admin-filter-row">
            {selects.map(([key, id, label, allLabel, options, optionLabel]) => (
              <FilterSelect
                key={key}
                className="admin-field"
                id={`filter-${id}`}
                label={label}
                allLabel={allLabel}
                options={options}
                optionLabel={optionLabel}
                value={filters[key]}
                onChange={(value) => update({ [key]: value })}
              />
            ))}
            {(['from', 'to'] as const).map((key) => (
              <div key={key} className="admin-field">
                <label htmlFor={`filter-${key}`}>{humanize(key)}</label>
                <input
                  id={`filter-${key}`}
                  type="date"
                  value={filters[key]}
                  onChange={(e) => update({ [key]: e.target.value })}
                />
              </div>
            ))}
            <JobFilter value={filters.jobId} onChange={(jobId) => update({ jobId })} />
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
        </FilterFold>
        <MineToggle owner={filters.owner} onChange={(owner) => update({ owner })} />
      </section>
      {move.view}
      <AsyncView state={state} onRetry={reload}>
        {(data) => (
          <>
            <BulkBar
              items={data.items}
              total={data.total}
              filters={{ ...filters }}
              search={params.toString()}
              selection={selection}
              move={move}
            />
            <section className="admin-card">
              <PagedTable
                data={data}
                label="Applications"
                onPage={(next) => update({ page: String(next) })}
                caption={countOf(data.total, 'application')}
                columns={[
                  'Select',
                  'Applicant',
                  'Contact',
                  'Job category',
                  'Country',
                  'Submitted',
                  'Status',
                  'Payment',
                  'Owner',
                ]}
                empty="No applications match."
                row={(app) => (
                  <ApplicationRow
                    key={app.applicationId}
                    app={app}
                    withContact
                    withPayment
                    leading={<SelectCell app={app} selection={selection} />}
                    search={listSearch(params)}
                    extra={
                      <OwnerSelect
                        applicationId={app.applicationId}
                        ownerId={app.ownerId}
                        ownerName={app.ownerName}
                        label={`Owner of ${app.firstName ?? ''} ${app.lastName ?? ''}`.trim()}
                        hideLabel
                        staff={staff}
                      />
                    }
                  />
                )}
              />
            </section>
          </>
        )}
      </AsyncView>
    </>
  );
}
