/** The departure gate on the applicant's documents page: "N of M checks passed" and each check. */
import { formatDate } from '@/features/admin-shell';
import type { DepartureGate } from './api/documents';

export function GateSummary({ gate }: { gate: DepartureGate }) {
  return (
    <section className="admin-card documents-gate" aria-labelledby="gate-heading">
      <h2 id="gate-heading">Departure gate</h2>
      <p data-testid="gate-summary">
        <strong>{gate.summary}</strong>
        {` on ${formatDate(gate.departureDate)}`}
        {gate.destination ? ` for ${gate.destination}` : ''}
        {gate.passed ? ': ready to depart.' : '.'}
      </p>
      <ul className="documents-checks">
        {gate.checks.map((check) => (
          <li key={check.check} className={check.passed ? 'is-passed' : 'is-failed'}>
            <span aria-hidden="true">{check.passed ? '✓' : '✗'}</span>
            <span className="visually-hidden">{check.passed ? 'Passed: ' : 'Failed: '}</span>
            {check.passed ? check.label : check.message}
          </li>
        ))}
      </ul>
    </section>
  );
}
