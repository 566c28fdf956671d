import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { markSnackbarHostReady } from '@/lib/notify';
import { fill } from '@/testing/fill';
import { server } from '@/testing/msw-server';
import type { GateAnswer, GateCheck, GateSettings, GatesAnswer } from './api/documents';
import GatesPage from './GatesPage';

markSnackbarHostReady();

const ALL: GateCheck[] = [
  'passport',
  'medical',
  'police_clearance',
  'visa',
  'contract',
  'orientation',
  'ticket',
];
const OPTIONS: GatesAnswer['checks'] = [
  { key: 'passport', label: 'Passport valid at least 6 months after departure' },
  { key: 'medical', label: 'Medical result fit and valid on the departure date' },
  { key: 'police_clearance', label: 'Police clearance in date on the departure date' },
  { key: 'visa', label: 'Visa or work permit issued and not expired' },
  { key: 'contract', label: 'Employment contract registered with the Labour Department' },
  { key: 'orientation', label: 'Pre-departure orientation attended' },
  { key: 'ticket', label: 'Ticket booked' },
];
const BUILT_IN: GateSettings = {
  passportMonths: 6,
  medicalValidityDays: 90,
  policeClearanceValidityDays: 90,
  checks: ALL,
};
const QATAR: GateAnswer = {
  destination: 'Qatar',
  version: 2,
  own: { ...BUILT_IN, passportMonths: 7, medicalValidityDays: 60 },
  inForce: { ...BUILT_IN, passportMonths: 7, medicalValidityDays: 60 },
  updatedBy: 'ama@vandytravel.com',
  updatedAt: '2026-11-27T10:00:00Z',
};
const DEFAULT: GateAnswer = {
  destination: '',
  version: 0,
  own: null,
  inForce: BUILT_IN,
  updatedBy: '',
  updatedAt: null,
};

const QATAR_CHANGE = {
  destination: 'Qatar',
  version: 2,
  before: BUILT_IN,
  after: QATAR.own,
  actor: 'ama@vandytravel.com',
  at: '2026-11-27T10:00:00Z',
};

function renderPage(put: (body: Record<string, unknown>) => Response) {
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.get('*/api/admin/pipeline/gate-changes', () => HttpResponse.json({ changes: [QATAR_CHANGE] })),
    http.get('*/api/admin/pipeline/gates', () => HttpResponse.json({ gates: [QATAR], checks: OPTIONS })),
    http.get('*/api/admin/pipeline/gate', ({ request }) => {
      const destination = new URL(request.url).searchParams.get('destination') ?? '';
      return HttpResponse.json(destination.toLowerCase() === 'qatar' ? QATAR : { ...DEFAULT, destination });
    }),
    http.put('*/api/admin/pipeline/gate', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return put(body);
    }),
  );
  render(
    <MemoryRouter>
      <SnackbarProvider />
      <GatesPage />
    </MemoryRouter>,
  );
  return sent;
}

describe('the departure gates page', () => {
  it('lists the gates, and sets the default on the version read with the checks chosen', async () => {
    const sent = renderPage((body) =>
      HttpResponse.json({
        ...DEFAULT,
        version: 1,
        own: { ...BUILT_IN, passportMonths: 5, checks: ALL.filter((c) => c !== 'ticket') },
        inForce: { ...BUILT_IN, passportMonths: 5, checks: ALL.filter((c) => c !== 'ticket') },
        updatedBy: 'ama@vandytravel.com',
        updatedAt: '2026-11-28T12:00:00Z',
        ...(body.destination === '' ? {} : { destination: String(body.destination) }),
      }),
    );
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Gates in force' });
    const qatar = within(table).getByRole('row', { name: /^Qatar/ });
    expect(within(qatar).getByText('7 months')).toBeVisible();
    expect(within(qatar).getByText('60 days')).toBeVisible();
    expect(within(table).getByText('The built-in default (open it to see its values)')).toBeVisible();

    const form = await screen.findByRole('form', { name: 'Set the gate' });
    expect(
      screen.getByRole('heading', { name: 'Gate: Default (every destination without its own)' }),
    ).toBeVisible();
    const months = within(form).getByLabelText('Passport valid after departure (months)');
    expect(months).toHaveValue('6');
    await user.clear(months);
    await fill(user, months, '5');
    await user.click(within(form).getByLabelText('Ticket booked'));
    await user.click(within(form).getByRole('button', { name: 'Save the gate' }));

    expect(
      await screen.findByText('Gate saved: Default (every destination without its own)'),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      {
        destination: '',
        expectedVersion: 0,
        passportMonths: 5,
        medicalValidityDays: 90,
        policeClearanceValidityDays: 90,
        checks: ALL.filter((c) => c !== 'ticket'),
      },
    ]);
    expect(await screen.findByText(/^Version 1, set /)).toBeVisible();
  });

  it('opens a destination with its own gate, checks the numbers, and shows a refusal in the server words', async () => {
    const CHANGED = 'This gate was changed by someone else meanwhile: reload the page and try again';
    const sent = renderPage(() => HttpResponse.json({ message: CHANGED }, { status: 409 }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Qatar' }));
    expect(await screen.findByRole('heading', { name: 'Gate: Qatar' })).toBeVisible();
    const form = screen.getByRole('form', { name: 'Set the gate' });
    const medical = within(form).getByLabelText('Medical valid for (days)');
    expect(medical).toHaveValue('60');
    await user.clear(medical);
    await fill(user, medical, '0');
    await user.click(within(form).getByRole('button', { name: 'Save the gate' }));
    expect(await within(form).findByText('Enter a number from 1 to 3660')).toBeVisible();
    expect(sent).toEqual([]);

    await user.clear(medical);
    await fill(user, medical, '45');
    await user.click(within(form).getByRole('button', { name: 'Save the gate' }));
    expect(await screen.findByText(CHANGED)).toBeVisible();
    expect(sent).toEqual([
      expect.objectContaining({ destination: 'Qatar', expectedVersion: 2, medicalValidityDays: 45 }),
    ]);
  });

  it('opens a destination without its own gate: it starts from the default', async () => {
    renderPage(() => HttpResponse.json({}));
    const user = userEvent.setup();
    await fill(
      user,
      await screen.findByLabelText("Destination (the application's preferred country)"),
      'Oman',
    );
    await user.click(screen.getByRole('button', { name: 'Open its gate' }));
    expect(await screen.findByRole('heading', { name: 'Gate: Oman' })).toBeVisible();
    expect(screen.getByText(/No gate of its own yet: it follows the default/)).toBeVisible();
    expect(screen.getByLabelText('Passport valid after departure (months)')).toHaveValue('6');
  });

  it("shows a destination's changes and removes its own gate on the version read", async () => {
    let removed: string | null = null;
    renderPage(() => HttpResponse.json({}));
    server.use(
      http.delete('*/api/admin/pipeline/gates/Qatar', ({ request }) => {
        removed = new URL(request.url).searchParams.get('expectedVersion');
        return HttpResponse.json({ ...DEFAULT, destination: 'Qatar', version: 3 });
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Qatar' }));
    const changes = await screen.findByRole('table', { name: 'Changes of this gate, newest first' });
    expect(
      within(changes).getByText('passport 7 months, medical 60 days, police clearance 90 days, 7 checks'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: "Remove Qatar's own gate" }));
    const dialog = screen.getByRole('dialog', { name: "Remove Qatar's own gate?" });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Qatar follows the default gate')).toBeInTheDocument();
    expect(removed).toBe('2');
    expect(await screen.findByText(/No gate of its own yet: it follows the default/)).toBeVisible();
    expect(screen.queryByRole('button', { name: "Remove Qatar's own gate" })).toBeNull();
  });
});
