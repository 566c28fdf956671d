/** One CV pack: to whom and when, its state, and per candidate the employer's answer and the CV's release. */
import { Link } from 'react-router-dom';
import { DataTable, StatusBadge, formatDateTime, humanize } from '@/features/admin-shell';
import type { Decision, Pack } from './api/packs';

function Answer({ decision }: { decision: Decision | undefined }) {
  if (!decision) return <span className="admin-muted">No answer yet</span>;
  return (
    <>
      <StatusBadge status={decision.decision} />
      {decision.comment ? <span>{` “${decision.comment}”`}</span> : null}
      {decision.times.length ? <span>{` · times: ${decision.times.join(', ')}`}</span> : null}
      <span className="admin-muted">{` · ${formatDateTime(decision.at)}`}</span>
      {decision.stageNote ? <span className="admin-muted">{` · ${decision.stageNote}`}</span> : null}
    </>
  );
}

export function PackCard({
  pack,
  onRevoke,
  onRelease,
}: {
  pack: Pack;
  onRevoke: (pack: Pack) => void;
  onRelease: (pack: Pack, code: string) => void;
}) {
  const open = pack.state === 'open';
  const headingId = `pack-${pack.id}`;
  return (
    <article className="packs-card" aria-labelledby={headingId}>
      <div className="admin-page-header">
        <h3 id={headingId}>{`${pack.id} to ${pack.contactName}`}</h3>
        <StatusBadge status={pack.state} />
      </div>
      <p className="admin-muted">
        {`Sent to ${pack.contactEmail} ${formatDateTime(pack.sentAt)} by ${pack.sentBy}; `}
        {pack.revokedAt
          ? `revoked ${formatDateTime(pack.revokedAt)} by ${pack.revokedBy}.`
          : `the link expires ${formatDateTime(pack.expiresAt)}.`}
      </p>
      <DataTable
        caption={`Candidates of ${pack.id}`}
        hiddenCaption
        columns={['Candidate', 'Applicant', 'Answer', 'Full CV']}
        items={pack.candidates}
        empty="No candidates."
        row={(candidate) => (
          <tr key={candidate.code}>
            <th scope="row">{candidate.code}</th>
            <td>
              <Link to={`/admin/applications/${encodeURIComponent(candidate.applicationId)}`}>
                {candidate.applicationId}
              </Link>
            </td>
            <td>
              <Answer decision={pack.decisions.find((d) => d.code === candidate.code)} />
            </td>
            <td>
              {candidate.releasedAt ? (
                `Released ${formatDateTime(candidate.releasedAt)} by ${candidate.releasedBy}`
              ) : open ? (
                <button
                  type="button"
                  className="admin-button admin-button--small"
                  onClick={() => onRelease(pack, candidate.code)}
                >
                  {`Release the CV of ${candidate.code}`}
                </button>
              ) : (
                <span className="admin-muted">{humanize(pack.state)}</span>
              )}
            </td>
          </tr>
        )}
      />
      {open ? (
        <button
          type="button"
          className="admin-button admin-button--ghost admin-button--small"
          onClick={() => onRevoke(pack)}
        >
          {`Revoke the link of ${pack.id}`}
        </button>
      ) : null}
    </article>
  );
}
