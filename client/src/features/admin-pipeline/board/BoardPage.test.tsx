import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { markSnackbarHostReady } from '@/lib/notify';
import { server } from '@/testing/msw-server';
import type { Board, BoardCard, BoardColumn } from '../api/board';
import type { StageKey } from '../api/pipeline';
import BoardPage from './BoardPage';

markSnackbarHostReady();

const STAGES: [StageKey, string][] = [
  ['selected', 'Selected by employer'],
  ['medical', 'Medical examination'],
  ['ticketed', 'Ticketed'],
  ['departed', 'Departed'],
];

function card(id: string, name: string, days: number): BoardCard {
  return {
    applicationId: id,
    name,
    destination: 'Qatar',
    jobTitle: 'Mason',
    ownerName: 'Ama Owusu',
    since: '2026-11-20T09:00:00Z',
    daysInStage: days,
  };
}

function board(
  cards: Partial<Record<StageKey, BoardCard[]>>,
  counts: Partial<Record<StageKey, number>> = {},
): Board {
  const columns: BoardColumn[] = STAGES.map(([stage, label]) => {
    const shown = cards[stage] ?? [];
    const count = counts[stage] ?? shown.length;
    return {
      stage,
      label,
      count,
      cards: shown,
      nextCursor: count > shown.length ? String(shown.length) : null,
    };
  });
  return { columns, total: columns.reduce((sum, c) => sum + c.count, 0) };
}

const EMPTY_LISTS = [
  http.get('*/api/admin/employers', () =>
    HttpResponse.json({ items: [{ id: 'EM1', company: 'Doha Builders' }], total: 1, page: 1, pageSize: 100 }),
  ),
  http.get('*/api/admin/jobs', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 100 })),
  http.get('*/api/admin/staff', () => HttpResponse.json({ items: [{ id: 'U7', name: 'Ama Owusu' }] })),
];

function renderBoard() {
  return render(
    <MemoryRouter initialEntries={['/admin/pipeline']}>
      <SnackbarProvider />
      <BoardPage />
    </MemoryRouter>,
  );
}

describe('the pipeline board', () => {
  it('shows every stage with its whole count, its cards and a link to each applicant', async () => {
    server.use(
      ...EMPTY_LISTS,
      http.get('*/api/admin/pipeline/board', ({ request }) => {
        const url = new URL(request.url);
        if (url.searchParams.get('stage') === 'medical') {
          expect(url.searchParams.get('cursor')).toBe('2');
          const rest = { stage: 'medical', label: 'Medical examination', count: 3, nextCursor: null };
          return HttpResponse.json({
            columns: [{ ...rest, cards: [card('VA3', 'Yaw Boateng', 2)] }],
            total: 3,
          });
        }
        return HttpResponse.json(
          board(
            {
              selected: [card('VA1', 'Akosua Mensah', 12)],
              medical: [card('VA2', 'Kofi Asante', 9), card('VA4', 'Esi Ofori', 5)],
            },
            { medical: 3 },
          ),
        );
      }),
    );
    const user = userEvent.setup();
    renderBoard();
    const medical = await screen.findByRole('region', { name: 'Medical examination 3' });
    expect(within(medical).getAllByRole('listitem')).toHaveLength(2);
    expect(within(medical).getByRole('link', { name: 'Kofi Asante' })).toHaveAttribute(
      'href',
      '/admin/applications/VA2',
    );
    expect(within(medical).getByText('9 days in stage · Ama Owusu')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Departed 0' })).toHaveTextContent('Nobody');
    expect(screen.getByText('4 applicants in the pipeline')).toBeInTheDocument();
    await user.click(within(medical).getByRole('button', { name: 'Show more (1 more)' }));
    expect(await within(medical).findByRole('link', { name: 'Yaw Boateng' })).toBeInTheDocument();
    expect(within(medical).queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();
  });

  it('sends the filters chosen', async () => {
    const asked: Record<string, string>[] = [];
    server.use(
      ...EMPTY_LISTS,
      http.get('*/api/admin/pipeline/board', ({ request }) => {
        asked.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json(board({}));
      }),
    );
    const user = userEvent.setup();
    renderBoard();
    await screen.findByText('0 applicants in the pipeline');
    expect(asked).toEqual([{}]);
    await user.type(screen.getByLabelText('Destination'), ' Qatar ');
    await screen.findByRole('option', { name: 'Doha Builders' });
    await user.selectOptions(screen.getByLabelText('Employer'), 'EM1');
    await user.selectOptions(screen.getByLabelText('Owner'), 'U7');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]).toEqual({ destination: 'Qatar', employer: 'EM1', owner: 'U7' });
    expect(await screen.findByText('0 applicants in the pipeline (filtered)')).toBeInTheDocument();
  });

  it('moves the selected applicants and lists each one refused with why', async () => {
    let sent: unknown = null;
    server.use(
      ...EMPTY_LISTS,
      http.get('*/api/admin/pipeline/board', () =>
        HttpResponse.json(board({ ticketed: [card('VA5', 'Ama Serwaa', 3), card('VA6', 'Kojo Mensah', 1)] })),
      ),
      http.post('*/api/admin/pipeline/moves', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          moved: [],
          refused: [
            {
              applicationId: 'VA6',
              message: 'Not ready to depart: 5 of 7 checks passed',
              failing: [
                'The medical result has expired',
                'The passport expires within 6 months of departure',
              ],
            },
          ],
        });
      }),
    );
    const user = userEvent.setup();
    renderBoard();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Ama Serwaa (VA5)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Kojo Mensah (VA6)' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Move to'), 'departed');
    await user.click(screen.getByRole('button', { name: 'Move selected' }));
    await user.click(await screen.findByRole('button', { name: 'Move them' }));
    const refused = await screen.findByRole('list', { name: 'Not moved' });
    expect(sent).toEqual({ ids: ['VA5', 'VA6'], to: 'departed' });
    expect(refused).toHaveTextContent('VA6: Not ready to depart: 5 of 7 checks passed');
    expect(within(refused).getByText('The medical result has expired')).toBeInTheDocument();
    expect(
      within(refused).getByText('The passport expires within 6 months of departure'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Select Kojo Mensah (VA6)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Ama Serwaa (VA5)' })).not.toBeChecked();
  });
});
