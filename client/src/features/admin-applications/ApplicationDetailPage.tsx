import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { APPLICATIONS_KEY, DASHBOARD_KEY, applicationRead } from './api/reads';
import { useBulkMove } from '@/features/admin-bulk';
import type { ApplicationDetail, ApplicationStatus } from '@/features/admin-shell';
import { paths } from '@/config/paths';
import {
  formatDate,
  formatDateTime,
  humanize,
  useAdminTitle,
  DataTable,
  RecordPage,
  StatusBadge,
  useAdminQuery,
  useInvalidate,
} from '@/features/admin-shell';
import { DeliveryBadge } from './delivery/DeliveryBadge';
import { RefundsPanel } from './refunds/RefundsPanel';
import { WhatsAppOptInLine } from '@/features/admin-whatsapp';
import { RecordNav } from './views/RecordNav';
import { Term } from './views/Term';
import { NotesPanel, OwnerSelect, useStaff } from '@/features/admin-notes';
import { StagePanel } from '@/features/admin-pipeline';

/** Allowed moves: received -> processing -> approved or rejected. */
export const NEXT_STATUS: Record<ApplicationStatus, { status: ApplicationStatus; label: string }[]> = {
  received: [{ status: 'processing', label: 'Mark as Processing' }],
  processing: [
    { status: 'approved', label: 'Approve' },
    { status: 'rejected', label: 'Reject' },
  ],
  approved: [],
  rejected: [],
};

const SECTIONS: { title: string; fields: [string, string][] }[] = [
  {
    title: 'Personal Info',
    fields: [
      ['firstName', 'First name'],
      ['lastName', 'Last name'],
      ['email', 'Email'],
      ['phone', 'Phone'],
      ['country', 'Current country'],
      ['city', 'Current city'],
      ['dateOfBirth', 'Date of birth'],
      ['nationality', 'Nationality'],
    ],
  },
  {
    title: 'Job Preferences and Experience',
    fields: [
      ['preferredCountry', 'Preferred country'],
      ['jobCategory', 'Job category'],
      ['experience', 'Experience'],
      ['education', 'Education'],
      ['languages', 'Languages'],
      ['availability', 'Availability'],
      ['salary', 'Expected salary'],
    ],
  },
  {
    title: 'Documents',
    fields: [
      ['hasPassport', 'Has passport'],
      ['passportNumber', 'Passport number'],
      ['passportExpiry', 'Passport expiry'],
      ['additionalInfo', 'Additional information'],
      ['terms', 'Accepted terms'],
    ],
  },
];
const SHOWN = new Set([
  ...SECTIONS.flatMap((s) => s.fields.map(([key]) => key)),
  'applicationId',
  'status',
  'createdAt',
  'opened',
  'openedAt',
  'nextStatuses',
  'files',
  'sms',
  'website',
  'payment',
  'paymentReference',
  'paymentAmount',
  'paymentCurrency',
  'paymentChannel',
  'paidAt',
  'paymentUpdatedAt',
  'ownerId',
  'ownerName',
  'jobId',
  'jobTitle',
  'shownPayment',
]);

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / 1024 / 1024).toFixed(1)} MB`;
}

/** The moves the contract's map allows from this status, narrowed to the server's list when it sends one. */
function nextMoves(app: ApplicationDetail) {
  const allowed = Array.isArray(app.nextStatuses) ? (app.nextStatuses as string[]) : null;
  return NEXT_STATUS[app.status].filter((move) => !allowed || allowed.includes(move.status));
}

function StatusSection({
  app,
  busy,
  onMove,
}: {
  app: ApplicationDetail;
  busy: boolean;
  onMove: (status: ApplicationStatus) => void;
}) {
  const moves = nextMoves(app);
  return (
    <section className="admin-card" aria-labelledby="status-heading">
      <h2 id="status-heading">Status</h2>
      <p>
        Current status: <StatusBadge status={app.status} />
      </p>
      {moves.length > 0 ? (
        <div className="admin-actions">
          {moves.map((move) => (
            <button
              key={move.status}
              type="button"
              className={`admin-button ${move.status === 'rejected' ? 'admin-button--danger' : 'admin-button--primary'}`}
              disabled={busy}
              onClick={() => onMove(move.status)}
            >
              {move.label}
            </button>
          ))}
        </div>
      ) : (
        <p className="admin-muted">This application has reached its final status.</p>
      )}
    </section>
  );
}

/** One personal answer: e-mail and phone as links, dates formatted, the rest as text. */
function DetailValue({ name, value }: { name: string; value: unknown }) {
  if (name === 'email') return <a href={`mailto:${show(value)}`}>{show(value)}</a>;
  if (name === 'phone') return <a href={`tel:${show(value)}`}>{show(value)}</a>;
  if (name === 'dateOfBirth' || name === 'passportExpiry') return formatDate(value as string | null);
  return show(value);
}

function PaymentSection({ app }: { app: ApplicationDetail }) {
  return (
    <section className="admin-card" aria-labelledby="payment-heading">
      <h2 id="payment-heading">Processing fee</h2>
      <dl className="admin-dl">
        <Term label="Payment">
          {/* the payment's state with its refunds ("partly refunded"), where the server sends it */}
          <StatusBadge status={app.shownPayment ?? app.payment ?? 'unpaid'} />
        </Term>
        <Term label="Amount">
          {app.paymentAmount ? `${app.paymentAmount} ${show(app.paymentCurrency)}` : '—'}
        </Term>
        <Term label="Reference">{show(app.paymentReference)}</Term>
        <Term label="Channel">{app.paymentChannel ? humanize(app.paymentChannel) : '—'}</Term>
        <Term label="Paid at">{app.paidAt ? formatDateTime(app.paidAt) : '—'}</Term>
      </dl>
    </section>
  );
}

/** The job applied for, by its title, linked to its page; an application from the general form has none. */
function JobApplied({ app }: { app: ApplicationDetail }) {
  if (!app.jobId) return null;
  return (
    <>
      {' '}
      for the job <a href={paths.job(app.jobId)}>{app.jobTitle || 'no longer listed'}</a>
    </>
  );
}

function FilesSection({ files }: { files: ApplicationDetail['files'] }) {
  return (
    <section className="admin-card" aria-labelledby="files-heading">
      <h2 id="files-heading">Files</h2>
      {files.length === 0 ? (
        <p className="admin-muted">No files.</p>
      ) : (
        <ul className="admin-files">
          {files.map((file) => (
            <li key={file.field}>
              <a className="admin-button" href={file.url} download={file.filename}>
                Download {humanize(file.field === 'cv' ? 'CV' : file.field)}
              </a>
              <span className="admin-muted admin-small">
                {file.filename} ({formatBytes(file.size)})
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function ApplicationDetailPage() {
  const { applicationId = '' } = useParams();
  useAdminTitle(`Application ${applicationId}`);
  const [state, reload] = useAdminQuery(applicationRead(applicationId));
  const invalidate = useInvalidate();
  const [override, setOverride] = useState<ApplicationDetail | null>(null);
  // The same confirmation as the list's bulk move: the SMS shown first, then an undo window.
  // A move changes this record, the lists it is in and the dashboard's counts: each is read again.
  const move = useBulkMove(() => {
    setOverride(null);
    invalidate(APPLICATIONS_KEY, DASHBOARD_KEY);
  });
  const busy = move.busy;
  const changeStatus = (status: ApplicationStatus) => move.start({ applicationIds: [applicationId] }, status);
  const staff = useStaff();

  return (
    <RecordPage
      back={
        <>
          <RecordNav applicationId={applicationId} />
          {move.view}
        </>
      }
      state={state}
      onRetry={reload}
      shown={(loaded) => (override?.applicationId === loaded.applicationId ? override : loaded)}
      title={(app) => `${app.firstName} ${app.lastName}`}
      badge={(app) => <StatusBadge status={app.status} />}
    >
      {(app) => {
        const fields: Record<string, unknown> = app;
        const extra = Object.keys(fields).filter((key) => !SHOWN.has(key));
        return (
          <>
            <p className="admin-muted" data-testid="application-summary">
              Application <strong>{app.applicationId}</strong>, submitted {formatDateTime(app.createdAt)}
              <JobApplied app={app} />
            </p>
            {/* The main actions first, side by side: they fit the first screen of an office laptop. */}
            <div className="admin-grid admin-grid--3">
              <StatusSection app={app} busy={busy} onMove={(status) => void changeStatus(status)} />
              <FilesSection files={app.files} />
            </div>
            {app.status === 'approved' ? <StagePanel applicationId={app.applicationId} /> : null}
            <section className="admin-card" aria-labelledby="owner-heading">
              <h2 id="owner-heading">Owner</h2>
              <OwnerSelect
                applicationId={app.applicationId}
                ownerId={app.ownerId}
                ownerName={app.ownerName}
                label="Owner of this applicant"
                staff={staff}
              />
            </section>
            <WhatsAppOptInLine applicationId={app.applicationId} />
            <NotesPanel applicationId={app.applicationId} />
            <div className="admin-grid admin-grid--3">
              {SECTIONS.map((section) => (
                <section key={section.title} className="admin-card">
                  <h2>{section.title}</h2>
                  <dl className="admin-dl">
                    {section.fields
                      .filter(
                        ([key]) => key in app || !['passportNumber', 'passportExpiry', 'terms'].includes(key),
                      )
                      .map(([key, label]) => (
                        <Term key={key} label={label}>
                          <DetailValue name={key} value={fields[key]} />
                        </Term>
                      ))}
                  </dl>
                </section>
              ))}
            </div>
            {extra.length > 0 ? (
              <section className="admin-card">
                <h2>Other details</h2>
                <dl className="admin-dl">
                  {extra.map((key) => (
                    <Term key={key} label={humanize(key)}>
                      {show(fields[key])}
                    </Term>
                  ))}
                </dl>
              </section>
            ) : null}
            <PaymentSection app={app} />
            <RefundsPanel applicationId={app.applicationId} />
            <section className="admin-card" aria-labelledby="sms-heading">
              <div className="admin-card__head">
                <h2 id="sms-heading">SMS History</h2>
                <button
                  type="button"
                  className="admin-button admin-button--ghost"
                  onClick={() => {
                    setOverride(null);
                    reload();
                  }}
                >
                  Refresh
                </button>
              </div>
              <DataTable
                caption="Text messages about this application"
                hiddenCaption
                columns={['Kind', 'Phone', 'Delivery', 'Attempts', 'Queued', 'Sent', 'Last error']}
                items={app.sms}
                empty="No text messages yet."
                row={(sms) => (
                  <tr key={sms.id}>
                    <td>{humanize(sms.kind)}</td>
                    <td>{sms.phone}</td>
                    <td>
                      <DeliveryBadge sms={sms} />
                    </td>
                    <td>{sms.attempts}</td>
                    <td>{formatDateTime(sms.createdAt)}</td>
                    <td>{formatDateTime(sms.deliveredAt)}</td>
                    <td>{sms.lastError ?? '—'}</td>
                  </tr>
                )}
              />
            </section>
          </>
        );
      }}
    </RecordPage>
  );
}
