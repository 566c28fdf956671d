import { useState, type ReactNode } from 'react';
import { listJobAlerts, listNewsletter, subscribersExportHref } from './api/subscribers';
import type { Page } from '@/features/admin-shell';
import {
  formatDateTime,
  useAdminTitle,
  AsyncView,
  PageHeader,
  PagedTable,
  useAdminQuery,
} from '@/features/admin-shell';

const PAGE_SIZE = 20;

/** A card with a heading, a CSV export link and one page of a subscriber list. */
function SubscriberCard<T>({
  headingId,
  title,
  exportHref,
  exportLabel,
  load,
  queryKey,
  children,
}: {
  headingId: string;
  title: string;
  exportHref: string;
  exportLabel: string;
  load: (page: number, pageSize: number, signal: AbortSignal) => Promise<Page<T>>;
  queryKey: string;
  children: (data: Page<T>, onPage: (page: number) => void) => ReactNode;
}) {
  const [page, setPage] = useState(1);
  const [state, reload] = useAdminQuery({
    key: ['subscribers', queryKey, page],
    load: (signal) => load(page, PAGE_SIZE, signal),
  });
  return (
    <section className="admin-card" aria-labelledby={headingId}>
      <div className="admin-card__head">
        <h2 id={headingId}>{title}</h2>
        <a className="admin-button" href={exportHref} download>
          {exportLabel}
        </a>
      </div>
      <AsyncView state={state} onRetry={reload}>
        {(data) => children(data, setPage)}
      </AsyncView>
    </section>
  );
}

function Newsletter() {
  return (
    <SubscriberCard
      headingId="newsletter-heading"
      title="Newsletter subscriptions"
      exportHref={subscribersExportHref.newsletter}
      exportLabel="Export newsletter CSV"
      load={listNewsletter}
      queryKey="newsletter"
    >
      {(data, onPage) => (
        <PagedTable
          data={data}
          label="Newsletter subscribers"
          onPage={onPage}
          caption={`${data.total} subscribers`}
          columns={['Name', 'Email', 'Interests', 'Subscribed', 'Confirmed']}
          empty="No subscribers yet."
          row={(item, index) => (
            <tr key={item.id ?? `${item.email}-${index}`}>
              <th scope="row">{item.name}</th>
              <td>
                <a href={`mailto:${item.email}`}>{item.email}</a>
              </td>
              <td>{item.interests.length ? item.interests.join(', ') : '—'}</td>
              <td>{formatDateTime(item.createdAt)}</td>
              <td>{item.confirmedAt ? formatDateTime(item.confirmedAt) : 'Not confirmed'}</td>
            </tr>
          )}
        />
      )}
    </SubscriberCard>
  );
}

function JobAlerts() {
  return (
    <SubscriberCard
      headingId="alerts-heading"
      title="Job alerts"
      exportHref={subscribersExportHref.jobAlerts}
      exportLabel="Export job alerts CSV"
      load={listJobAlerts}
      queryKey="job-alerts"
    >
      {(data, onPage) => (
        <PagedTable
          data={data}
          label="Job alerts"
          onPage={onPage}
          caption={`${data.total} job alerts`}
          columns={['Email', 'Job category', 'Country', 'Salary', 'Experience', 'Created']}
          empty="No job alerts yet."
          row={(item, index) => (
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
          )}
        />
      )}
    </SubscriberCard>
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
