import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useResource } from '@/lib/use-resource';
import { AsyncView, DataTable, formatDateTime } from '@/features/admin-shell';
import { getPipeline, type Pipeline, type PipelineMove } from './api/pipeline';
import { MoveForm, type Refusal } from './MoveForm';
import './pipeline.css';

const KIND: Record<PipelineMove['kind'], string> = { move: 'Move', correction: 'Correction', close: 'Close' };

function labelIn(pipeline: Pipeline, key: string | null): string {
  if (key === null) return '—';
  return pipeline.stages.find((s) => s.key === key)?.label ?? key;
}

/** Why: the correction's reason, or the close reason (and its text for "other"). */
function why(pipeline: Pipeline, move: PipelineMove): string {
  if (move.kind === 'close') {
    const reason = pipeline.closeReasons.find((r) => r.key === move.closeReason)?.label ?? '';
    return move.closeText ? `${reason}: ${move.closeText}` : reason;
  }
  return move.reason || '—';
}

function CurrentStage({ pipeline }: { pipeline: Pipeline }) {
  const last = pipeline.history.at(-1);
  if (!last || pipeline.stage === null) {
    return (
      <p data-testid="pipeline-stage">
        Not in the pipeline yet{pipeline.canEnter ? ': approved, it enters at Selected by employer.' : '.'}
      </p>
    );
  }
  return (
    <p data-testid="pipeline-stage">
      Stage: <strong>{pipeline.stageLabel}</strong> since {formatDateTime(last.at)}
    </p>
  );
}

function History({ pipeline }: { pipeline: Pipeline }) {
  const newestFirst = [...pipeline.history].reverse();
  return (
    <DataTable
      caption="Stage history, newest first"
      columns={['When', 'Who', 'From → to', 'Kind', 'Reason']}
      items={newestFirst}
      empty="No moves yet."
      row={(move) => (
        <tr key={move.version}>
          <td>{formatDateTime(move.at)}</td>
          <td>{move.actor}</td>
          <td>
            {labelIn(pipeline, move.fromStage)} → {move.toLabel}
          </td>
          <td>{KIND[move.kind]}</td>
          <td>{why(pipeline, move)}</td>
        </tr>
      )}
    />
  );
}

function RefusalNote({ refusal }: { refusal: Refusal }) {
  return (
    <div className="admin-alert" role="alert">
      <p>{refusal.message}</p>
      {refusal.failing.length ? (
        <ul>
          {refusal.failing.map((check) => (
            <li key={check}>{check}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * The applicant's stage after approval (docs/pipeline.md): where they are and since when, every
 * move (who, when, from → to, kind, reason), and the move form. A move's answer is shown as it
 * comes; a refused one (409) is told here and the stage is read again.
 */
export function StagePanel({ applicationId }: { applicationId: string }) {
  const [state, reload] = useResource(
    (signal) => getPipeline(applicationId, signal),
    `pipeline-${applicationId}`,
  );
  const [changed, setChanged] = useState<Pipeline | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const shown = state.status === 'success' && changed ? { status: 'success' as const, data: changed } : state;
  const refused = (why: Refusal) => {
    setRefusal(why);
    setChanged(null);
    reload();
  };
  return (
    <section className="admin-card admin-pipeline" aria-labelledby="pipeline-heading">
      <h2 id="pipeline-heading">Stage after approval</h2>
      <p>
        <Link to={`/admin/applications/${applicationId}/documents`}>Documents and departure gate</Link>
      </p>
      {refusal ? <RefusalNote refusal={refusal} /> : null}
      <AsyncView state={shown} onRetry={reload}>
        {(pipeline) => (
          <>
            <CurrentStage pipeline={pipeline} />
            <MoveForm
              key={pipeline.version}
              pipeline={pipeline}
              onMoved={(after) => {
                setRefusal(null);
                setChanged(after);
              }}
              onRefused={refused}
            />
            {pipeline.history.length ? <History pipeline={pipeline} /> : null}
          </>
        )}
      </AsyncView>
    </section>
  );
}
