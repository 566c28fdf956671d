import { useState } from 'react';
import { adminUrl } from '../api/client';
import { listJobAlerts, listNewsletter } from '../api/endpoints';
import { formatDateTime, useAdminQuery, useAdminTitle } from './hooks';
import { AsyncView, EmptyRow, PageHeader, Pagination } from './ui';

const PAGE_SIZE = 20;

function Newsletter() {
  const [page, setPage] = useState(1);
  const [state, reload] = useAdminQuery((signal) => listNewsletter(page, PAGE_SIZE, signal), `newsletter:${page}`);
  return (
    <section className="admin-card" aria-labelledby="newsletter-heading">
      <div className="admin-card__head">
        <h2 id="newsletter-heading">Newsletter subscriptions</h2>
        <a className="admin-button" href={adminUrl('/subscribers/newsletter/export.csv')} download>
          Export newsletter CSV
        </a>
      </div>
      <AsyncView state={state} onRetry={reload}>
        {(data) => (
          <>
            <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="Table, scrolls sideways on small screens">
              <table className="admin-table">
                <caption>{data.total} subscribers</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Email</th>
                    <th scope="col">Interests</th>
                    <th scope="col">Subscribed</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.length === 0 ? (
                    <EmptyRow colSpan={4} text="No subscribers yet." />
                  ) : (
                    data.items.map((item, index) => (
                      <tr key={item.id ?? `${item.email}-${index}`}>
                        <th scope="row">{item.name}</th>
                        <td>
                          <a href={`mailto:${item.email}`}>{item.email}</a>
                        </td>
                        <td>{item.interests.length ? item.interests.join(', ') : '—'}</td>
                        <td>{formatDateTime(item.createdAt)}</td>
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
            </div>
            <Pagination label="Newsletter subscribers" page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
          </>
        )}
      </AsyncView>
    </section>
  );
}

function JobAlerts() {
  const [page, setPage] = useState(1);
  const [state, reload] = useAdminQuery((signal) => listJobAlerts(page, PAGE_SIZE, signal), `job-alerts:${page}`);
  return (
    <section className="admin-card" aria-labelledby="alerts-heading">
      <div className="admin-card__head">
        <h2 id="alerts-heading">Job alerts</h2>
        <a className="admin-button" href={adminUrl('/subscribers/job-alerts/export.csv')} download>
          Export job alerts CSV
        </a>
      </div>
      <AsyncView state={state} onRetry={reload}>
        {(data) => (
          <>
            <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="Table, scrolls sideways on small screens">
              <table className="admin-table">
                <caption>{data.total} job alerts</caption>
                <thead>
                  <tr>
                    <th scope="col">Email</th>
                    <th scope="col">Job category</th>
                    <th scope="col">Country</th>
                    <th scope="col">Salary</th>
                    <th scope="col">Experience</th>
                    <th scope="col">Created</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.length === 0 ? (
                    <EmptyRow colSpan={6} text="No job alerts yet." />
                  ) : (
                    data.items.map((item, index) => (
                      <tr key={item.id ?? `${item.email}-${index}`}>
                        <th scope="row">
                          <a href={`mailto:${item.email}`}>{item.email}</a>
                        </th>
                        <td>{item.jobCategory}</td>
                        <td>{item.preferredCountry}</td>
                        <td>{item.salaryRange || '—'}</td>
                        <td>{item.experienceLevel || '—'}</td>
                        <td>{formatDateTime(item.createdAt)}</td>
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
            </div>
            <Pagination label="Job alerts" page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
          </>
        )}
      </AsyncView>
    </section>
  );
}

export default function SubscribersPage() {
  useAdminTitle('Subscribers');
  return (
    <>
      <PageHeader title="Subscribers" />
      <Newsletter />
      <JobAlerts />
    </>
  );
}
