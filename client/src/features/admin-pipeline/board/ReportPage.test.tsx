import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/msw-server';
import type { StageReport } from '../api/board';
import ReportPage from './ReportPage';

const REPORT: StageReport = {
  from: '2026-09-01',
  to: '2026-11-28',
  rows: [
    {
      destination: 'Oman',
      stage: 'selected',
      stageLabel: 'Selected by employer',
      stays: 1,
      medianDays: 6,
      p90Days: 6,
    },
    {
      destination: 'Qatar',
      stage: 'selected',
      stageLabel: 'Selected by employer',
      stays: 3,
      medianDays: 4,
      p90Days: 8.8,
    },
    {
      destination: 'Qatar',
      stage: 'medical',
      stageLabel: 'Medical examination',
      stays: 2,
      medianDays: 2,
      p90Days: 2.8,
    },
  ],
};

describe('the stage-time report', () => {
  it('draws a chart per destination with the figures in a table and links the CSV of the same range', async () => {
    const asked: Record<string, string>[] = [];
    server.use(
      http.get('*/api/admin/pipeline/report', ({ request }) => {
        asked.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json(REPORT);
      }),
    );
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/admin/pipeline/report']}>
        <ReportPage />
      </MemoryRouter>,
    );
    const qatar = await screen.findByRole('img', { name: 'Qatar' });
    expect(within(qatar).getByText('Medical examination')).toBeInTheDocument();
    expect(within(qatar).getByText('4 / 8.8')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Oman' })).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'DestinationStageStaysMedian days90th percentile',
      'OmanSelected by employer166',
      'QatarSelected by employer348.8',
      'QatarMedical examination222.8',
    ]);
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/admin/pipeline/report.csv',
    );
    await user.type(screen.getByLabelText('From'), '2026-09-01');
    await user.type(screen.getByLabelText('To'), '2026-11-28');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ from: '2026-09-01', to: '2026-11-28' }));
    expect(asked[0]).toEqual({});
    expect(await screen.findByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/admin/pipeline/report.csv?from=2026-09-01&to=2026-11-28',
    );
  });
});
