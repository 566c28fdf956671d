import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/msw-server';
import OperationsPage from './OperationsPage';

const FIGURES = {
  readAt: '2026-11-28T12:00:00Z',
  outbox: {
    pending: { sms: 2, email: 1 },
    failed: { sms: 1, email: 0 },
    oldestDueAgeSeconds: 600,
    remindersDue: 0,
  },
  today: { delivered: 3, failed: 1, rate: 0.75 },
  lastBackup: { at: '2026-11-28T10:00:00Z', sizeBytes: 4096, files: 3 },
  instancesSeenMinutes: 5,
  instances: [{ instanceId: 'worker-a1', startedAt: '2026-11-28T08:00:00Z', seenAt: '2026-11-28T11:59:00Z' }],
};

describe('OperationsPage', () => {
  it('shows the outbox, today, the last backup and the instances', async () => {
    server.use(http.get('/api/admin/operations', () => HttpResponse.json(FIGURES)));
    render(<OperationsPage />);
    const outbox = await screen.findByRole('region', { name: 'Outbox' });
    expect(within(outbox).getByText('Waiting: 3 (2 sms, 1 email)')).toBeInTheDocument();
    expect(within(outbox).getByText('Given up on: 1 (1 sms)')).toBeInTheDocument();
    expect(within(outbox).getByText('Oldest due message: waiting 10 min')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Deliveries today' })).toHaveTextContent(
      'Delivered 3, failed 1: 75% delivered',
    );
    expect(screen.getByRole('region', { name: 'Last backup' })).toHaveTextContent(
      '28 Nov 2026, 10:00 UTC, 3 files',
    );
    const instances = screen.getByRole('region', { name: 'Instances' });
    expect(within(instances).getByRole('heading')).toHaveTextContent(
      'Instances seen in the last 5 minutes: 1',
    );
    expect(within(instances).getAllByRole('listitem')).toHaveLength(1);
  });

  it('says none yet before the first backup and nothing settled, and reads again on Refresh', async () => {
    let reads = 0;
    server.use(
      http.get('/api/admin/operations', () => {
        reads += 1;
        return HttpResponse.json({
          ...FIGURES,
          lastBackup: null,
          today: { delivered: 0, failed: 0, rate: null },
        });
      }),
    );
    render(<OperationsPage />);
    expect(await screen.findByRole('region', { name: 'Last backup' })).toHaveTextContent('None yet');
    expect(screen.getByRole('region', { name: 'Deliveries today' })).toHaveTextContent('nothing settled yet');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByRole('region', { name: 'Outbox' });
    expect(reads).toBe(2);
  });

  it('says when the figures cannot be read', async () => {
    server.use(
      http.get('/api/admin/operations', () => HttpResponse.json({ message: 'Failed' }, { status: 500 })),
    );
    render(<OperationsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The figures could not be read.');
  });
});
