import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { markSnackbarHostReady } from '@/lib/notify';
import { server } from '@/testing/msw-server';
import type { Pack } from './api/packs';
import { PacksSection } from './PacksSection';

markSnackbarHostReady();

const CONTACTS = [
  { name: 'Sara Ali', email: 'sara@odom.ae', phone: '', phoneCountry: '' },
  { name: 'Omar Haddad', email: '', phone: '+97433123456', phoneCountry: 'QA' },
  { name: 'Lina Saad', email: 'lina@odom.ae', phone: '', phoneCountry: '' },
];

function pack(over: Partial<Pack> = {}): Pack {
  return {
    id: 'PK1',
    orderId: 'JO1',
    employerId: 'EM1',
    contactName: 'Sara Ali',
    contactEmail: 'sara@odom.ae',
    candidates: [
      { code: 'C01', applicationId: 'VA1', releasedAt: null, releasedBy: '' },
      { code: 'C02', applicationId: 'VA2', releasedAt: null, releasedBy: '' },
    ],
    decisions: [
      {
        code: 'C01',
        applicationId: 'VA1',
        decision: 'select',
        comment: 'Strong experience',
        times: [],
        at: '2026-11-28T10:00:00Z',
        firstAt: '2026-11-28T10:00:00Z',
        clientAddress: '203.0.113.9',
        stageNote: '',
      },
    ],
    sentAt: '2026-11-27T09:00:00Z',
    sentBy: 'admin@vandytravel.com',
    expiresAt: '2026-12-11T09:00:00Z',
    revokedAt: null,
    revokedBy: '',
    state: 'open',
    version: 1,
    ...over,
  };
}

const applicant = (id: string, firstName: string) => ({
  applicationId: id,
  firstName,
  lastName: 'Mensah',
  email: null,
  phone: null,
  jobCategory: 'Domestic Services',
  jobId: null,
  jobTitle: null,
  preferredCountry: 'United Arab Emirates',
  createdAt: '2026-11-20T09:00:00Z',
  opened: true,
  ownerId: '',
  ownerName: '',
  payment: 'paid',
  shownPayment: 'paid',
  status: 'approved',
});

function renderSection() {
  return render(
    <MemoryRouter>
      <SnackbarProvider />
      <PacksSection orderId="JO1" employerId="EM1" />
    </MemoryRouter>,
  );
}

describe('an order’s CV packs', () => {
  it('sends a pack of the picked candidates to a contact with an e-mail and shows its link once', async () => {
    let packs: Pack[] = [];
    let sent: unknown = null;
    const asked: string[] = [];
    server.use(
      http.get('*/api/admin/job-orders/JO1/packs', () => HttpResponse.json({ items: packs })),
      http.get('*/api/admin/employers/EM1', () => HttpResponse.json({ id: 'EM1', contacts: CONTACTS })),
      http.get('*/api/admin/applications', ({ request }) => {
        const url = new URL(request.url);
        asked.push(`${url.searchParams.get('status')}:${url.searchParams.get('q') ?? ''}`);
        const items = [applicant('VA1', 'Ama'), applicant('VA2', 'Kofi'), applicant('VA3', 'Esi')];
        return HttpResponse.json({ items, page: 1, pageSize: 20, total: 3 });
      }),
      http.post('*/api/admin/job-orders/JO1/packs', async ({ request }) => {
        sent = await request.json();
        packs = [pack({ contactName: 'Lina Saad', contactEmail: 'lina@odom.ae', decisions: [] })];
        return HttpResponse.json(
          { pack: packs[0], link: 'https://vandytravel.com/employer/packs/tok3n' },
          { status: 201 },
        );
      }),
    );
    renderSection();
    const user = userEvent.setup();
    const to = await screen.findByLabelText('Send to');
    // Only the contacts with an e-mail address can be sent a pack.
    expect(
      within(to)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sara Ali <sara@odom.ae>', 'Lina Saad <lina@odom.ae>']);
    await user.selectOptions(to, 'lina@odom.ae');
    await user.click(await screen.findByLabelText(/Ama Mensah \(VA1\)/));
    await user.click(screen.getByLabelText(/Esi Mensah \(VA3\)/));
    await user.click(screen.getByRole('button', { name: 'Send the pack (2)' }));
    expect(await screen.findByText('https://vandytravel.com/employer/packs/tok3n')).toBeInTheDocument();
    expect(sent).toEqual({ contactEmail: 'lina@odom.ae', applicationIds: ['VA1', 'VA3'] });
    expect(await screen.findByRole('heading', { name: 'PK1 to Lina Saad' })).toBeInTheDocument();
    expect(asked).toEqual(['approved:']);
  });

  it('lists the answers, and releases a CV and revokes the link only once confirmed', async () => {
    let current = pack();
    const calls: string[] = [];
    server.use(
      http.get('*/api/admin/job-orders/JO1/packs', () => HttpResponse.json({ items: [current] })),
      http.get('*/api/admin/employers/EM1', () => HttpResponse.json({ id: 'EM1', contacts: CONTACTS })),
      http.get('*/api/admin/applications', () =>
        HttpResponse.json({ items: [], page: 1, pageSize: 20, total: 0 }),
      ),
      http.post('*/api/admin/job-orders/JO1/packs/PK1/candidates/C02/release', () => {
        calls.push('release C02');
        const candidates = current.candidates.map((c) =>
          c.code === 'C02'
            ? { ...c, releasedAt: '2026-11-28T12:00:00Z', releasedBy: 'admin@vandytravel.com' }
            : c,
        );
        current = { ...current, candidates };
        return HttpResponse.json(current);
      }),
      http.post('*/api/admin/job-orders/JO1/packs/PK1/revoke', () => {
        calls.push('revoke');
        current = {
          ...current,
          state: 'revoked',
          revokedAt: '2026-11-28T12:05:00Z',
          revokedBy: 'admin@vandytravel.com',
        };
        return HttpResponse.json(current);
      }),
    );
    renderSection();
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'PK1 to Sara Ali' });
    const c01 = within(card).getByRole('row', { name: /C01/ });
    expect(within(c01).getByText('Select')).toBeInTheDocument();
    expect(within(c01).getByText(/Strong experience/)).toBeInTheDocument();
    expect(within(card).getByRole('row', { name: /C02/ })).toHaveTextContent('No answer yet');

    await user.click(within(card).getByRole('button', { name: 'Release the CV of C02' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Go back' }));
    expect(calls).toEqual([]);
    await user.click(within(card).getByRole('button', { name: 'Release the CV of C02' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Release the CV' }),
    );
    expect(await screen.findByText(/^Released .* by admin@vandytravel.com$/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revoke the link of PK1' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke the link' }),
    );
    expect(await screen.findByText(/revoked .* by admin@vandytravel.com\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke the link of PK1' })).not.toBeInTheDocument();
    expect(calls).toEqual(['release C02', 'revoke']);
  });
});
