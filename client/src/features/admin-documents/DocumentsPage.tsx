/**
 * An applicant's documents (issue 45 item 2; docs/pipeline-documents.md): each kind with its current
 * version's fields and expiry, its earlier versions (Renewed or Expired), the audited scan downloads,
 * the departure gate's "N of M checks passed", and the form that records a version or a renewal.
 */
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useResource } from '@/lib/use-resource';
import {
  BackLink,
  DataTable,
  RecordPage,
  StatusBadge,
  formatDateTime,
  useAdminTitle,
} from '@/features/admin-shell';
import {
  getDocuments,
  scanHref,
  type DocumentVersion,
  type DocumentsAnswer,
  type KindForm,
} from './api/documents';
import { DocumentForm, type KindRequest } from './DocumentForm';
import { expiryText } from './document-form';
import { GateSummary } from './GateSummary';
import { useKept } from './kept';
import './documents.css';

function FieldsOf({ kind, version }: { kind: KindForm; version: DocumentVersion }) {
  const shown = kind.fields.filter((field) => version.fields[field.name]);
  return shown.length ? (
    <dl className="admin-dl documents-fields">
      {shown.map((field) => (
        <div key={field.name}>
          <dt>{field.label}</dt>
          <dd>{version.fields[field.name]}</dd>
        </div>
      ))}
    </dl>
  ) : null;
}

const inline = (kind: KindForm, version: DocumentVersion): string =>
  kind.fields
    .filter((field) => version.fields[field.name])
    .map((field) => `${field.label}: ${version.fields[field.name]}`)
    .join('; ');

function ScanLink({ applicationId, version }: { applicationId: string; version: DocumentVersion }) {
  return version.hasScan ? (
    <a href={scanHref(applicationId, version.id)} download>
      {`Download the scan of ${version.kindLabel.toLowerCase()} version ${version.version}`}
    </a>
  ) : (
    <span className="admin-muted">No scan</span>
  );
}

function KindSection({
  kind,
  versions,
  applicationId,
  today,
  onRenew,
}: {
  kind: KindForm;
  versions: DocumentVersion[];
  applicationId: string;
  today: Date;
  onRenew: () => void;
}) {
  const current = versions.find((v) => v.replacedAt === null);
  const earlier = versions.filter((v) => v !== current);
  const headingId = `kind-${kind.kind}`;
  return (
    <section className="admin-card documents-kind" aria-labelledby={headingId}>
      <div className="admin-card__head">
        <h2 id={headingId}>{kind.label}</h2>
        {current ? <StatusBadge status={current.state} /> : null}
      </div>
      {current ? (
        <>
          <p data-testid={`expiry-${kind.kind}`}>
            {`Version ${current.version}, ${expiryText(current.expiresOn, current.state, today)}. `}
            <span className="admin-muted">{`Recorded ${formatDateTime(current.recordedAt)} by ${current.recordedBy}.`}</span>
          </p>
          <FieldsOf kind={kind} version={current} />
          <p>
            <ScanLink applicationId={applicationId} version={current} />
          </p>
        </>
      ) : (
        <p className="admin-muted">{`No ${kind.label.toLowerCase()} recorded.`}</p>
      )}
      <button type="button" className="admin-button admin-button--small" onClick={onRenew}>
        {current ? `Renew ${kind.label.toLowerCase()}` : `Record ${kind.label.toLowerCase()}`}
      </button>
      {earlier.length ? (
        <DataTable
          caption={`Earlier versions of ${kind.label.toLowerCase()}`}
          columns={['Version', 'State', 'Details', 'Replaced', 'Scan']}
          items={earlier}
          empty=""
          row={(v) => (
            <tr key={v.id}>
              <td>{v.version}</td>
              <td>
                <StatusBadge status={v.state} />
              </td>
              <td>{inline(kind, v)}</td>
              <td>{v.replacedAt ? `${formatDateTime(v.replacedAt)} by ${v.replacedBy}` : '—'}</td>
              <td>
                <ScanLink applicationId={applicationId} version={v} />
              </td>
            </tr>
          )}
        />
      ) : null}
    </section>
  );
}

function Documents({ answer, onChanged }: { answer: DocumentsAnswer; onChanged: () => void }) {
  const [request, setRequest] = useState<KindRequest | null>(null);
  const today = new Date();
  const current = new Set(answer.documents.filter((d) => d.replacedAt === null).map((d) => d.kind as string));
  return (
    <>
      <GateSummary gate={answer.gate} />
      <section className="admin-card" aria-labelledby="record-heading">
        <h2 id="record-heading">Record a document or a renewal</h2>
        <DocumentForm
          applicationId={answer.applicationId}
          kinds={answer.kinds}
          current={current}
          request={request}
          onSaved={() => {
            setRequest(null);
            onChanged();
          }}
          onStale={onChanged}
        />
      </section>
      <div className="documents-kinds">
        {answer.kinds.map((kind) => (
          <KindSection
            key={kind.kind}
            kind={kind}
            versions={answer.documents.filter((d) => d.kind === kind.kind)}
            applicationId={answer.applicationId}
            today={today}
            onRenew={() => setRequest({ kind: kind.kind, at: Date.now() })}
          />
        ))}
      </div>
    </>
  );
}

export default function DocumentsPage() {
  const { applicationId = '' } = useParams();
  useAdminTitle(`Documents of ${applicationId}`);
  const [state, reload] = useResource(
    (signal) => getDocuments(applicationId, signal),
    `documents-${applicationId}`,
  );
  // While a save's re-read runs, the page stays as it was: the form keeps what was typed.
  const shown = useKept(state, (last) => last.applicationId === applicationId);
  return (
    <RecordPage
      back={<BackLink to={`/admin/applications/${applicationId}`} label={`Applicant ${applicationId}`} />}
      state={shown}
      onRetry={reload}
      title={(answer) => `Documents of ${answer.applicationId}`}
    >
      {(answer) => <Documents answer={answer} onChanged={reload} />}
    </RecordPage>
  );
}
