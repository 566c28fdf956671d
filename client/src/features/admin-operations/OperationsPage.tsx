/**
 * /admin/operations: the outbox (waiting, given up on, the oldest due message), today's deliveries,
 * the last backup and the app instances seen lately, read fresh from GET /api/admin/operations,
 * the same figures as /metrics (docs/operations.md, "The operations page").
 */
import { useCallback, useEffect, useState } from 'react';
import { readOperations, type Operations } from './api/operations';

function age(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}

function when(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' });
}

function byChannel(counts: Record<string, number>): string {
  return Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([channel, n]) => `${n} ${channel}`)
    .join(', ');
}

function total(counts: Record<string, number>): number {
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}

function OutboxCard({ outbox }: { outbox: Operations['outbox'] }) {
  const waiting = total(outbox.pending);
  const failed = total(outbox.failed);
  const oldest = outbox.oldestDueAgeSeconds;
  return (
    <section className="admin-card" aria-label="Outbox">
      <h2>Outbox</h2>
      <p>Waiting: {waiting > 0 ? `${waiting} (${byChannel(outbox.pending)})` : '0'}</p>
      <p>Given up on: {failed > 0 ? `${failed} (${byChannel(outbox.failed)})` : '0'}</p>
      <p>Oldest due message: {oldest > 0 ? `waiting ${age(oldest)}` : 'none due'}</p>
    </section>
  );
}

function TodayCard({ today }: { today: Operations['today'] }) {
  const rate = today.rate === null ? ': nothing settled yet' : `: ${Math.round(today.rate * 100)}% delivered`;
  return (
    <section className="admin-card" aria-label="Deliveries today">
      <h2>Deliveries today</h2>
      <p>
        Delivered {today.delivered}, failed {today.failed}
        {rate}
      </p>
    </section>
  );
}

function BackupCard({ backup }: { backup: Operations['lastBackup'] }) {
  const files = backup?.files == null ? '' : `, ${backup.files} files`;
  return (
    <section className="admin-card" aria-label="Last backup">
      <h2>Last backup</h2>
      <p>{backup ? `${when(backup.at)} UTC${files}` : 'None yet'}</p>
    </section>
  );
}

function InstancesCard({ figures }: { figures: Operations }) {
  return (
    <section className="admin-card" aria-label="Instances">
      <h2>
        Instances seen in the last {figures.instancesSeenMinutes} minutes: {figures.instances.length}
      </h2>
      <ul>
        {figures.instances.map((instance) => (
          <li key={instance.instanceId}>
            {instance.instanceId}: running since {when(instance.startedAt)} UTC, last seen{' '}
            {when(instance.seenAt)} UTC
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function OperationsPage() {
  const [figures, setFigures] = useState<Operations | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback((signal?: AbortSignal) => {
    setFailed(false);
    readOperations(signal)
      .then(setFigures)
      .catch(() => {
        if (!signal?.aborted) setFailed(true);
      });
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  return (
    <div className="admin-page">
      <h1>Operations</h1>
      {failed && (
        <p role="alert">
          The figures could not be read.{' '}
          <button type="button" onClick={() => load()}>
            Try again
          </button>
        </p>
      )}
      {figures && (
        <>
          <OutboxCard outbox={figures.outbox} />
          <TodayCard today={figures.today} />
          <BackupCard backup={figures.lastBackup} />
          <InstancesCard figures={figures} />
          <p>
            Read at {when(figures.readAt)} UTC.{' '}
            <button type="button" onClick={() => load()}>
              Refresh
            </button>
          </p>
        </>
      )}
    </div>
  );
}
