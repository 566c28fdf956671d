import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { markSnackbarHostReady } from '@/lib/notify';
import { server } from '@/testing/msw-server';
import type { Pipeline, PipelineMove, StageKey } from './api/pipeline';
import { StagePanel } from './StagePanel';

markSnackbarHostReady();

const STAGES: [StageKey, string][] = [
  ['selected', 'Selected by employer'],
  ['contract_signed', 'Contract signed'],
  ['medical', 'Medical examination'],
  ['police_clearance', 'Police clearance'],
  ['visa', 'Visa / work permit'],
  ['contract_registered', 'Contract registered'],
  ['orientation', 'Orientation'],
  ['ticketed', 'Ticketed'],
  ['departed', 'Departed'],
  ['arrived', 'Arrived'],
  ['settled', 'Settled'],
  ['closed', 'Closed'],
];
const LABEL = Object.fromEntries(STAGES) as Record<StageKey, string>;
const CLOSE_REASONS = [
  { key: 'medical_unfit', label: 'Medical unfit' },
  { key: 'visa_refused', label: 'Visa refused' },
  { key: 'other', label: 'Other' },
];

function moveTo(version: number, from: StageKey | null, to: StageKey, extra: Partial<PipelineMove> = {}) {
  return {
    version,
    kind: 'move',
    fromStage: from,
    toStage: to,
    toLabel: LABEL[to],
    actor: 'ama@example.com',
    at: `2026-11-2${version}T10:00:00Z`,
    reason: '',
    closeReason: null,
    closeText: '',
    ...extra,
  } satisfies PipelineMove;
}

/** The server's answer for `history` (its last move is the stage). */
function answer(history: PipelineMove[]): Pipeline {
  const last = history.at(-1);
  return {
    applicationId: 'VA1',
    stage: last?.toStage ?? null,
    stageLabel: last ? LABEL[last.toStage] : null,
    version: history.length,
    canEnter: history.length === 0,
    history,
    stages: STAGES.map(([key, label]) => ({ key, label })),
    closeReasons: CLOSE_REASONS,
  };
}

const AT_SELECTED = [moveTo(1, null, 'selected')];
const AT_MEDICAL = [
  ...AT_SELECTED,
  moveTo(2, 'selected', 'contract_signed'),
  moveTo(3, 'contract_signed', 'medical'),
];

interface Wire {
  gets: number;
  posts: Record<string, unknown>[];
}

/** The panel over a server that reads `reads` in turn (the last one again) and answers a move with `onPost`. */
function renderPanel(reads: Pipeline[], onPost: (body: Record<string, unknown>) => Response): Wire {
  const wire: Wire = { gets: 0, posts: [] };
  server.use(
    http.get('*/api/admin/applications/VA1/pipeline', () => {
      const read = reads[Math.min(wire.gets, reads.length - 1)];
      wire.gets += 1;
      return HttpResponse.json(read);
    }),
    http.post('*/api/admin/applications/VA1/pipeline/moves', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      wire.posts.push(body);
      return onPost(body);
    }),
  );
  render(
    <MemoryRouter>
      <SnackbarProvider />
      <StagePanel applicationId="VA1" />
    </MemoryRouter>,
  );
  return wire;
}

async function confirmIn(name: string | RegExp, button: string) {
  const dialog = await screen.findByRole('dialog', { name });
  await userEvent.click(within(dialog).getByRole('button', { name: button }));
}

describe('StagePanel', () => {
  it('shows the stage and its history, and moves forward on the version shown after confirming', async () => {
    const after = answer([...AT_SELECTED, moveTo(2, 'selected', 'contract_signed')]);
    const wire = renderPanel([answer(AT_SELECTED)], () => HttpResponse.json(after));
    const user = userEvent.setup();
    expect(await screen.findByTestId('pipeline-stage')).toHaveTextContent(
      'Stage: Selected by employer since',
    );
    const history = screen.getByRole('table', { name: 'Stage history, newest first' });
    expect(within(history).getByRole('cell', { name: '— → Selected by employer' })).toBeInTheDocument();
    expect(within(history).getByRole('cell', { name: 'ama@example.com' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Documents and departure gate' })).toHaveAttribute(
      'href',
      '/admin/applications/VA1/documents',
    );

    await user.selectOptions(screen.getByLabelText('Move to'), 'contract_signed');
    await user.click(screen.getByRole('button', { name: 'Move' }));
    const dialog = screen.getByRole('dialog', { name: 'Move to Contract signed?' });
    expect(dialog).toHaveAccessibleDescription('The applicant is told of the new stage by SMS and e-mail.');
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(wire.posts).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Move' }));
    await confirmIn('Move to Contract signed?', 'Move');
    expect(await screen.findByText('Now at Contract signed')).toBeInTheDocument();
    expect(wire.posts).toEqual([{ to: 'contract_signed', expectedVersion: 1 }]);
    expect(screen.getByTestId('pipeline-stage')).toHaveTextContent('Stage: Contract signed since');
    expect(screen.getByRole('cell', { name: 'Selected by employer → Contract signed' })).toBeInTheDocument();
  });

  it('offers earlier stages only as a correction, which needs a reason before anything is sent', async () => {
    const corrected = answer([
      ...AT_MEDICAL,
      moveTo(4, 'medical', 'selected', { kind: 'correction', reason: 'Wrong applicant moved' }),
    ]);
    const wire = renderPanel([answer(AT_MEDICAL)], () => HttpResponse.json(corrected));
    const user = userEvent.setup();
    const select = await screen.findByLabelText('Move to');
    const correction = within(select).getByRole('group', { name: 'Correction (back, with a reason)' });
    expect(
      within(correction)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Correction: Selected by employer', 'Correction: Contract signed']);
    expect(within(select).getByRole('group', { name: 'Next stages' })).not.toHaveTextContent(
      'Contract signed',
    );

    await user.selectOptions(select, 'selected');
    await user.click(screen.getByRole('button', { name: 'Correct' }));
    const reason = screen.getByLabelText('Reason for the correction');
    expect(await screen.findByText('Going back is a correction: give its reason')).toBeInTheDocument();
    await waitFor(() => expect(reason).toHaveFocus());
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(wire.posts).toEqual([]);

    await user.type(reason, 'Wrong applicant moved');
    await user.click(screen.getByRole('button', { name: 'Correct' }));
    await confirmIn('Correct the stage to Selected by employer?', 'Correct');
    expect(await screen.findByText('Now at Selected by employer')).toBeInTheDocument();
    expect(wire.posts).toEqual([{ to: 'selected', expectedVersion: 3, reason: 'Wrong applicant moved' }]);
    expect(screen.getByRole('cell', { name: 'Wrong applicant moved' })).toBeInTheDocument();
  });

  it('closes with a reason from the list, and "Other" needs its text', async () => {
    const closed = answer([
      ...AT_SELECTED,
      moveTo(2, 'selected', 'closed', {
        kind: 'close',
        closeReason: 'other',
        closeText: 'Moved abroad alone',
      }),
    ]);
    const wire = renderPanel([answer(AT_SELECTED)], () => HttpResponse.json(closed));
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Move to'), 'closed');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Choose why the application is closed')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Why is it closed?'), 'other');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Say why the application is closed')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Say why'), 'Moved abroad alone');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await confirmIn('Close this applicant’s pipeline?', 'Close');
    expect(await screen.findByText('Closed', { selector: '#notistack-snackbar' })).toBeInTheDocument();
    expect(wire.posts).toEqual([
      { to: 'closed', expectedVersion: 1, closeReason: 'other', closeText: 'Moved abroad alone' },
    ]);
    expect(screen.getByRole('cell', { name: 'Other: Moved abroad alone' })).toBeInTheDocument();
    // Closed: only corrections are left.
    expect(within(screen.getByLabelText('Move to')).queryByRole('group', { name: 'Next stages' })).toBeNull();
  });

  it('on a 409 shows the server’s message and reads the stage again', async () => {
    const stale = "The application's stage changed meanwhile: reload it and move again";
    const newer = answer([...AT_SELECTED, moveTo(2, 'selected', 'contract_signed')]);
    const wire = renderPanel([answer(AT_SELECTED), newer], () =>
      HttpResponse.json({ message: stale }, { status: 409 }),
    );
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Move to'), 'medical');
    await user.click(screen.getByRole('button', { name: 'Move' }));
    await confirmIn('Move to Medical examination?', 'Move');
    expect(await screen.findByRole('alert')).toHaveTextContent(stale);
    expect(await screen.findByTestId('pipeline-stage')).toHaveTextContent('Stage: Contract signed since');
    expect(wire.gets).toBe(2);
    expect(wire.posts).toEqual([{ to: 'medical', expectedVersion: 1 }]);
  });

  it('lists each failing check when the departure gate refuses a move', async () => {
    const wire = renderPanel([answer(AT_SELECTED)], () =>
      HttpResponse.json(
        { message: 'Not ready to depart: 5 of 7 checks passed', failing: ['Visa missing', 'Ticket missing'] },
        { status: 409 },
      ),
    );
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Move to'), 'departed');
    await user.click(screen.getByRole('button', { name: 'Move' }));
    await confirmIn('Move to Departed?', 'Move');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not ready to depart: 5 of 7 checks passed');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Visa missing', 'Ticket missing']);
    await waitFor(() => expect(wire.gets).toBe(2));
  });
});
