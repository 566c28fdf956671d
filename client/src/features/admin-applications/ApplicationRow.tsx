/** One application as a row of the applications list and the dashboard. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ApplicationSummary } from '@/features/admin-shell';
import { formatDateTime, StatusBadge } from '@/features/admin-shell';

function ApplicantCell({ app, search }: { app: ApplicationSummary; search: string }) {
  return (
    <th scope="row">
      <Link to={`/admin/applications/${encodeURIComponent(app.applicationId)}${search}`}>
        {app.firstName} {app.lastName}
      </Link>
      {!app.opened ? <span className="admin-new">New</span> : null}
      <div className="admin-muted admin-small">{app.applicationId}</div>
    </th>
  );
}

function ContactCell({ app }: { app: ApplicationSummary }) {
  return (
    <td>
      <div>{app.email}</div>
      <div className="admin-muted admin-small">{app.phone}</div>
    </td>
  );
}

function PaymentCell({ app }: { app: ApplicationSummary }) {
  return (
    <td>
      <StatusBadge status={app.shownPayment ?? app.payment ?? 'unpaid'} />
    </td>
  );
}

/** One application in a table: applicant (linked, "New" when unopened), optional contact, job, country, date, status. */
export function ApplicationRow({
  app,
  withContact = false,
  withPayment = false,
  leading,
  search = '',
  extra,
}: {
  app: ApplicationSummary;
  withContact?: boolean;
  withPayment?: boolean;
  /** A first cell (the list's selection checkbox). */
  leading?: ReactNode;
  /** The list's filters (`?q=…`), carried into the record so "← All applications" comes back to them. */
  search?: string;
  /** A last cell (the list's owner). */
  extra?: ReactNode;
}) {
  return (
    <tr>
      {leading}
      <ApplicantCell app={app} search={search} />
      {withContact ? <ContactCell app={app} /> : null}
      <td>
        {app.jobCategory}
        {app.jobTitle ? <div className="admin-muted admin-small">Job: {app.jobTitle}</div> : null}
      </td>
      <td>{app.preferredCountry}</td>
      <td>{formatDateTime(app.createdAt)}</td>
      <td>
        <StatusBadge status={app.status} />
      </td>
      {withPayment ? <PaymentCell app={app} /> : null}
      {extra ? <td>{extra}</td> : null}
    </tr>
  );
}
