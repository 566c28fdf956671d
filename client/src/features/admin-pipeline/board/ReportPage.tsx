/** /admin/pipeline/report: median and 90th percentile days in each stage per destination over a date
 * range (stays that ended in it), as a plain SVG bar chart with the same figures in a table beside it,
 * and the CSV download. */
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AsyncView, PageHeader, fieldErrors, useAdminTitle } from '@/features/admin-shell';
import { useResource } from '@/lib/use-resource';
import { getReport, reportCsvHref, type ReportQuery, type StageTimeRow } from '../api/board';
import './board.css';

const BAR = 14;
const GAP = 6;
const LABEL_WIDTH = 210;
const CHART_WIDTH = 560;

/** One chart per destination: a bar per stage, the median solid and the 90th percentile as a lighter bar behind it. */
export function StageChart({ destination, rows }: { destination: string; rows: StageTimeRow[] }) {
  const most = Math.max(1, ...rows.map((r) => r.p90Days));
  const scale = (days: number) => ((CHART_WIDTH - LABEL_WIDTH - 60) * days) / most;
  const height = rows.length * (BAR + GAP) + GAP;
  const titleId = `chart-${destination.replace(/\W+/g, '-')}`;
  return (
    <figure className="stage-chart">
      <figcaption id={titleId}>{destination || 'No destination given'}</figcaption>
      <svg
        role="img"
        aria-labelledby={titleId}
        viewBox={`0 0 ${CHART_WIDTH} ${height}`}
        width="100%"
        preserveAspectRatio="xMinYMin meet"
      >
        {rows.map((row, n) => {
          const y = GAP + n * (BAR + GAP);
          return (
            <g key={row.stage}>
              <title>{`${row.stageLabel}: median ${row.medianDays} days, 90th percentile ${row.p90Days} days (${row.stays} stays)`}</title>
              <text x={LABEL_WIDTH - 8} y={y + BAR - 3} textAnchor="end" className="stage-chart__label">
                {row.stageLabel}
              </text>
              <rect
                x={LABEL_WIDTH}
                y={y}
                width={scale(row.p90Days)}
                height={BAR}
                className="stage-chart__p90"
              />
              <rect
                x={LABEL_WIDTH}
                y={y + 3}
                width={scale(row.medianDays)}
                height={BAR - 6}
                className="stage-chart__median"
              />
              <text x={LABEL_WIDTH + scale(row.p90Days) + 6} y={y + BAR - 3} className="stage-chart__value">
                {`${row.medianDays} / ${row.p90Days}`}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

function byDestination(rows: StageTimeRow[]): [string, StageTimeRow[]][] {
  const grouped = new Map<string, StageTimeRow[]>();
  for (const row of rows) grouped.set(row.destination, [...(grouped.get(row.destination) ?? []), row]);
  return [...grouped.entries()];
}

export default function ReportPage() {
  useAdminTitle('Stage times');
  const [params, setParams] = useSearchParams();
  const query: ReportQuery = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const [draft, setDraft] = useState(query);
  const [state, reload] = useResource(
    (signal) => getReport(query, signal),
    `stage-report:${query.from}:${query.to}`,
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setParams(Object.fromEntries(Object.entries(draft).filter(([, value]) => value)));
  };
  const errors = state.status === 'error' ? fieldErrors(state.error) : null;
  return (
    <>
      <PageHeader title="Stage times">
        <Link className="admin-button admin-button--ghost" to="/admin/pipeline">
          Back to the board
        </Link>
        <a className="admin-button admin-button--ghost" href={reportCsvHref(query)} download>
          Download CSV
        </a>
      </PageHeader>
      <form className="admin-card pipeline-filters" aria-label="Date range" onSubmit={onSubmit}>
        <div className="pipeline-filter">
          <label htmlFor="report-from">From</label>
          <input
            id="report-from"
            type="date"
            value={draft.from}
            aria-invalid={errors?.from ? true : undefined}
            onChange={(event) => setDraft((d) => ({ ...d, from: event.target.value }))}
          />
        </div>
        <div className="pipeline-filter">
          <label htmlFor="report-to">To</label>
          <input
            id="report-to"
            type="date"
            value={draft.to}
            aria-invalid={errors?.to ? true : undefined}
            onChange={(event) => setDraft((d) => ({ ...d, to: event.target.value }))}
          />
        </div>
        <div className="pipeline-filter pipeline-filter--actions">
          <button type="submit" className="admin-button admin-button--primary">
            Show
          </button>
        </div>
      </form>
      <AsyncView state={state} onRetry={reload}>
        {(report) => (
          <section className="admin-card" aria-label="Days in each stage">
            <p className="admin-muted">
              Days in each stage, of the stays that ended from {report.from} to {report.to}: the median (dark
              bar) and the 90th percentile (light bar).
            </p>
            {report.rows.length ? (
              <div className="stage-report">
                <div className="stage-report__charts">
                  {byDestination(report.rows).map(([destination, rows]) => (
                    <StageChart key={destination} destination={destination} rows={rows} />
                  ))}
                </div>
                <table className="admin-table stage-report__table">
                  <caption className="visually-hidden">Days in each stage per destination</caption>
                  <thead>
                    <tr>
                      <th scope="col">Destination</th>
                      <th scope="col">Stage</th>
                      <th scope="col">Stays</th>
                      <th scope="col">Median days</th>
                      <th scope="col">90th percentile</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.rows.map((row) => (
                      <tr key={`${row.destination}:${row.stage}`}>
                        <td>{row.destination || '—'}</td>
                        <th scope="row">{row.stageLabel}</th>
                        <td>{row.stays}</td>
                        <td>{row.medianDays}</td>
                        <td>{row.p90Days}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p>No stay ended in this range.</p>
            )}
          </section>
        )}
      </AsyncView>
    </>
  );
}
