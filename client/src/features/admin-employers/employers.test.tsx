import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { markSnackbarHostReady } from '@/lib/notify';
import { fill } from '@/testing/fill';
import { server } from '@/testing/msw-server';
import type { Order } from '@/features/admin-orders';
import type { Employer, EmployerInput } from './api/employers';
import EmployerPage from './EmployerPage';
import EmployersPage from './EmployersPage';

markSnackbarHostReady();

const NO_APPROVAL =
  'The order has no Labour Department approval reference (labour certificate or MoU): ' +
  'a job linked to it cannot be published';

function employer(over: Partial<Employer> = {}): Employer {
  return {
    id: 'EM1',
    company: 'Ɔdɔm Facilities LLC',
    country: 'AE',
    city: 'Dubai',
    licenceNumber: 'DXB-1234',
    notes: '',
    contacts: [{ name: 'Sara Ali', email: 'sara@odom.ae', phone: '+971501234567', phoneCountry: 'AE' }],
    createdAt: '2026-11-27T09:00:00Z',
    createdBy: 'admin@vandytravel.com',
    updatedAt: '2026-11-27T09:00:00Z',
    updatedBy: 'admin@vandytravel.com',
    version: 1,
    ...over,
  };
}

function order(over: Partial<Order> = {}): Order {
  return {
    id: 'JO1',
    employerId: 'EM1',
    employerCompany: 'Ɔdɔm Facilities LLC',
    employerCountry: 'AE',
    positions: [{ trade: 'Cleaner', headCount: 10, salary: 1500, currency: 'AED' }],
    benefits: { accommodation: true, transport: true, food: false },
    contractMonths: 24,
    validUntil: '2027-03-31',
    domesticWork: false,
    approval: null,
    override: null,
    files: [],
    fill: { selected: 2, deployed: 1, headCount: 10 },
    jobIds: ['JB1'],
    problems: [NO_APPROVAL],
    closed: false,
    createdAt: '2026-11-27T09:00:00Z',
    createdBy: 'admin@vandytravel.com',
    updatedAt: '2026-11-27T09:00:00Z',
    updatedBy: 'admin@vandytravel.com',
    version: 3,
    ...over,
  };
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SnackbarProvider />
      <Routes>
        <Route path="/admin/employers" element={<EmployersPage />} />
        <Route path="/admin/employers/new" element={<EmployerPage />} />
        <Route path="/admin/employers/:employerId" element={<EmployerPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const page = (items: Employer[]) => ({ items, page: 1, pageSize: 20, total: items.length });

describe('the employers list', () => {
  it('lists the employers and sends the typed words to the server, which folds them', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/admin/employers', ({ request }) => {
        const q = new URL(request.url).searchParams.get('q') ?? '';
        asked.push(q);
        const all = [
          employer(),
          employer({ id: 'EM2', company: 'Gulf Builders', city: 'Doha', country: 'QA' }),
        ];
        return HttpResponse.json(page(q ? all.filter((e) => e.id === 'EM1') : all));
      }),
    );
    renderAt('/admin/employers');
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'Gulf Builders' })).toBeInTheDocument();
    expect(screen.getByText('Qatar')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Search employers'), 'odom');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 employer found for “odom”')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Gulf Builders' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ɔdɔm Facilities LLC' })).toHaveAttribute(
      'href',
      '/admin/employers/EM1',
    );
    expect(asked).toEqual(['', 'odom']);
  });
});

describe('an employer', () => {
  it('is created with a contact whose phone is read in its own country, then its page opens', async () => {
    let sent: EmployerInput | null = null;
    server.use(
      http.post('*/api/admin/employers', async ({ request }) => {
        sent = (await request.json()) as EmployerInput;
        return HttpResponse.json(employer({ id: 'EM7', company: 'Gulf Builders' }), { status: 201 });
      }),
      http.get('*/api/admin/employers/EM7', () =>
        HttpResponse.json(employer({ id: 'EM7', company: 'Gulf Builders' })),
      ),
      http.get('*/api/admin/job-orders', () => HttpResponse.json({ items: [] })),
    );
    renderAt('/admin/employers/new');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save employer' }));
    // Checked before sending: the first empty field has the focus and every message is the server's.
    expect(await screen.findAllByText('This field is required')).toHaveLength(5);
    await waitFor(() => expect(screen.getByLabelText('Company')).toHaveFocus());
    expect(screen.getByText("Give the contact's e-mail or phone")).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Company'), 'Gulf Builders');
    await user.selectOptions(screen.getByLabelText('Country'), 'QA');
    await fill(user, screen.getByLabelText('City'), 'Doha');
    await fill(user, screen.getByLabelText('Trade licence number'), 'QA-77');
    const contact = screen.getByRole('group', { name: 'Contact 1' });
    await fill(user, within(contact).getByLabelText('Name'), 'Omar Haddad');
    await user.selectOptions(within(contact).getByLabelText('Phone country'), 'QA');
    await fill(user, within(contact).getByLabelText('Phone'), '3312 3456');
    await user.click(screen.getByRole('button', { name: 'Save employer' }));
    expect(await screen.findByRole('heading', { name: 'Gulf Builders', level: 1 })).toBeInTheDocument();
    expect(sent).toEqual({
      company: 'Gulf Builders',
      country: 'QA',
      city: 'Doha',
      licenceNumber: 'QA-77',
      notes: '',
      contacts: [{ name: 'Omar Haddad', email: '', phone: '3312 3456', phoneCountry: 'QA' }],
    });
  });

  it('saved meanwhile by someone else (409): shows the server message and reads the employer again', async () => {
    const CONFLICT = 'The employer changed meanwhile; reload it.';
    let reads = 0;
    let sentVersion: unknown = null;
    server.use(
      http.get('*/api/admin/employers/EM1', () => {
        reads += 1;
        return HttpResponse.json(reads === 1 ? employer() : employer({ city: 'Abu Dhabi', version: 2 }));
      }),
      http.put('*/api/admin/employers/EM1', async ({ request }) => {
        sentVersion = ((await request.json()) as EmployerInput).expectedVersion;
        return HttpResponse.json({ message: CONFLICT }, { status: 409 });
      }),
      http.get('*/api/admin/job-orders', () => HttpResponse.json({ items: [order()] })),
    );
    renderAt('/admin/employers/EM1');
    const user = userEvent.setup();
    const city = await screen.findByLabelText('City');
    expect(city).toHaveValue('Dubai');
    await user.clear(city);
    await fill(user, city, 'Sharjah');
    await user.click(screen.getByRole('button', { name: 'Save employer' }));
    expect(await screen.findByText(CONFLICT)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Abu Dhabi'));
    expect(sentVersion).toBe(1);
    expect(reads).toBe(2);
    expect(screen.getByRole('link', { name: 'JO1' })).toHaveAttribute('href', '/admin/job-orders/JO1');
  });
});
