import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { markSnackbarHostReady } from '@/lib/notify';
import { server } from '@/testing/msw-server';
import type { ExpiryWindows, WelfareCase } from './api/welfare';
import WelfarePage from './WelfarePage';

markSnackbarHostReady();

function welfareCase(id: string, more: Partial<WelfareCase> = {}): WelfareCase {
  return {
    id,
    applicationId: `VA-${id}`,
    message: `Message of ${id}`,
    ownerId: 'u-ama',
    ownerName: 'Ama Owusu',
    createdAt: '2026-11-27T09:00:00Z',
    openedAt: null,
    openedBy: '',
    closedAt: null,
    closedBy: '',
    closeNote: '',
    flagged: false,
    ...more,
  };
}

const WINDOWS: ExpiryWindows = {
  version: 0,
  passportMonths: 9,
  medicalDays: 14,
  policeClearanceDays: 30,
  visaDays: 30,
  updatedBy: '',
  updatedAt: null,
};

interface Calls {
  lists: string[];
  opened: string[];
  closed: [string, unknown][];
  saved: unknown[];
}

function backend(cases: WelfareCase[], windows: ExpiryWindows = WINDOWS): Calls {
  const calls: Calls = { lists: [], opened: [], closed: [], saved: [] };
  const shown = new Map(cases.map((k) => [k.id, k]));
  const answer = (openOnly: boolean) => {
    const listed = [...shown.values()].filter((k) => !openOnly || !k.closedAt);
    const open = listed.filter((k) => !k.closedAt);
    return { cases: listed, open: open.length, flagged: open.filter((k) => k.flagged).length };
  };
  server.use(
    http.get('*/api/admin/welfare/cases', ({ request }) => {
      const query = new URL(request.url).search;
      calls.lists.push(query);
      return HttpResponse.json(answer(query.includes('open=true')));
    }),
    http.post('*/api/admin/welfare/cases/:caseId/open', ({ params }) => {
      const id = String(params.caseId);
      calls.opened.push(id);
      const k = shown.get(id)!;
      const opened = {
        ...k,
        openedAt: '2026-11-28T12:00:00Z',
        openedBy: 'kofi@vandytravel.com',
        flagged: false,
      };
      shown.set(id, opened);
      return HttpResponse.json(opened);
    }),
    http.post('*/api/admin/welfare/cases/:caseId/close', async ({ params, request }) => {
      const id = String(params.caseId);
      const body = await request.json();
      calls.closed.push([id, body]);
      const closed = {
        ...shown.get(id)!,
        closedAt: '2026-11-28T12:05:00Z',
        closedBy: 'kofi@vandytravel.com',
        closeNote: (body as { note: string }).note,
      };
      shown.set(id, closed);
      return HttpResponse.json(closed);
    }),
    http.get('*/api/admin/welfare/expiring', () =>
      HttpResponse.json({
        counts: { passport: 1 },
        documents: [
          {
            applicationId: 'VA9',
            applicantName: 'Akosua Mensah',
            kind: 'passport',
            expiresOn: '2027-04-27',
            ownerName: 'Ama Owusu',
          },
        ],
      }),
    ),
    http.get('*/api/admin/welfare/expiry-windows', () => HttpResponse.json(windows)),
    http.put('*/api/admin/welfare/expiry-windows', async ({ request }) => {
      const body = (await request.json()) as Record<string, number>;
      calls.saved.push(body);
      if (body.visaDays! > 365) {
        return HttpResponse.json(
          {
            message: 'Validation failed',
            errors: { visaDays: 'Visa days must be a whole number from 1 to 365' },
          },
          { status: 422 },
        );
      }
      return HttpResponse.json({
        ...windows,
        ...body,
        version: 1,
        updatedBy: 'kofi@vandytravel.com',
        updatedAt: '2026-11-28T12:00:00Z',
      });
    }),
  );
  return calls;
}

function renderPage(path = '/admin/welfare') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SnackbarProvider />
      <WelfarePage />
    </MemoryRouter>,
  );
}

describe('the welfare page', () => {
  beforeEach(() => {
    document.title = '';
  });

  it('lists the open cases, the one nobody opened in 24 hours first and marked, and all cases on asking', async () => {
    const calls = backend([
      welfareCase('WC1', { createdAt: '2026-11-28T08:00:00Z' }),
      welfareCase('WC2', { createdAt: '2026-11-26T08:00:00Z', flagged: true }),
      welfareCase('WC3', {
        closedAt: '2026-11-27T10:00:00Z',
        closedBy: 'ama@vandytravel.com',
        closeNote: 'Safe',
      }),
    ]);
    const user = userEvent.setup();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Welfare cases, open first' });
    expect(calls.lists).toEqual(['?open=true']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['VA-WC2', 'VA-WC1']);
    expect(within(rows[0]!).getByText('Not opened in 24 h')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Open (not opened)')).toBeInTheDocument();
    expect(screen.getByTestId('case-counts')).toHaveTextContent('2 open, 1 not opened in 24 h');
    expect(screen.getByRole('link', { name: 'VA-WC2' })).toHaveAttribute(
      'href',
      '/admin/applications/VA-WC2',
    );
    expect(await screen.findByText(/Passport expires/)).toHaveTextContent('(owner Ama Owusu)');

    await user.click(screen.getByRole('button', { name: 'All cases' }));
    await waitFor(() => expect(calls.lists).toEqual(['?open=true', '']));
    const all = await screen.findByRole('table', { name: 'Welfare cases, open first' });
    await waitFor(() => expect(within(all).getAllByRole('row')).toHaveLength(4));
    expect(within(within(all).getAllByRole('row')[3]!).getByText('Closed')).toBeInTheDocument();
  });

  it('opens a case (audited on the server) and closes it with a note, refusing an empty one', async () => {
    const calls = backend([welfareCase('WC2', { flagged: true, message: 'My employer keeps my passport' })]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Open case WC2 of VA-WC2' }));
    expect(await screen.findByTestId('case-message')).toHaveTextContent('My employer keeps my passport');
    expect(calls.opened).toEqual(['WC2']);
    expect(screen.getByText(/by kofi@vandytravel.com/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('case-counts')).toHaveTextContent(/^1 open$/));

    const form = screen.getByRole('form', { name: 'Close the case' });
    await user.click(within(form).getByRole('button', { name: 'Close the case' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Write a note saying how the case was closed');
    expect(calls.closed).toEqual([]);
    await user.type(
      within(form).getByLabelText('How was the case closed?'),
      'Called her: the passport is back',
    );
    await user.click(within(form).getByRole('button', { name: 'Close the case' }));
    expect(await screen.findByTestId('case-note')).toHaveTextContent('Called her: the passport is back');
    expect(calls.closed).toEqual([['WC2', { note: 'Called her: the passport is back' }]]);
    expect(screen.queryByRole('form', { name: 'Close the case' })).toBeNull();
    await waitFor(() => expect(screen.getByText('No welfare cases.')).toBeInTheDocument());
  });

  it('saves the expiry windows on the version read and shows a refused field', async () => {
    const calls = backend([]);
    const user = userEvent.setup();
    renderPage();
    const form = await screen.findByRole('form', { name: 'Expiry windows' });
    expect(within(form).getByLabelText('Passport (months before expiry)')).toHaveValue(9);
    expect(screen.getByTestId('windows-version')).toHaveTextContent('The defaults: nobody changed them yet.');
    const visa = within(form).getByLabelText('Visa / work permit (days before expiry)');
    await user.clear(visa);
    await user.type(visa, '400');
    await user.click(within(form).getByRole('button', { name: 'Save the windows' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Visa days must be a whole number from 1 to 365',
    );
    expect(visa).toHaveAttribute('aria-invalid', 'true');

    await user.clear(visa);
    await user.type(visa, '21');
    const passport = within(form).getByLabelText('Passport (months before expiry)');
    await user.clear(passport);
    await user.type(passport, '6');
    await user.click(within(form).getByRole('button', { name: 'Save the windows' }));
    await waitFor(() =>
      expect(screen.getByTestId('windows-version')).toHaveTextContent(/Set by kofi@vandytravel.com/),
    );
    expect(calls.saved.at(-1)).toEqual({
      expectedVersion: 0,
      passportMonths: 6,
      medicalDays: 14,
      policeClearanceDays: 30,
      visaDays: 21,
    });
    expect(within(form).queryByRole('alert')).toBeNull();
  });
});
