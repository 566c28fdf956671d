import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { markSnackbarHostReady } from '@/lib/notify';
import { fill } from '@/testing/fill';
import { server } from '@/testing/msw-server';
import type { Order } from './api/orders';
import OrderPage from './OrderPage';

markSnackbarHostReady();

const NO_APPROVAL =
  'The order has no Labour Department approval reference (labour certificate or MoU): ' +
  'a job linked to it cannot be published';

/** The order's employer, as its page reads it. */
function employer() {
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

const JOB = {
  id: 'JB1',
  title: 'Office Cleaner',
  category: 'Domestic Services',
  country: 'United Arab Emirates',
  city: 'Dubai',
  description: 'Cleaning offices.',
  requirements: '',
  employmentType: 'Full-time',
  positions: 10,
  salaryMin: 1500,
  salaryMax: 1500,
  salaryCurrency: 'AED',
  salaryPeriod: 'month',
  salaryRange: '',
  salary: 'AED 1,500 a month',
  benefits: [],
  closingDate: null,
  status: 'draft',
  publishedAt: null,
  createdAt: '2026-11-27T09:00:00Z',
  updatedAt: '2026-11-27T09:00:00Z',
  applications: 0,
};

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SnackbarProvider />
      <Routes>
        <Route path="/admin/job-orders/:orderId" element={<OrderPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('a job order', () => {
  const orderRoutes = (current: () => Order) => [
    http.get('*/api/admin/job-orders/JO1', () => HttpResponse.json(current())),
    http.get('*/api/admin/jobs', () => HttpResponse.json({ items: [JOB], page: 1, pageSize: 100, total: 1 })),
    http.get('*/api/admin/job-orders/JO1/packs', () => HttpResponse.json({ items: [] })),
    http.get('*/api/admin/employers/EM1', () => HttpResponse.json(employer())),
    http.get('*/api/admin/applications', () =>
      HttpResponse.json({ items: [], page: 1, pageSize: 20, total: 0 }),
    ),
    http.get('*/api/admin/job-links', () =>
      HttpResponse.json({
        items: [
          {
            jobId: 'JB1',
            orderId: 'JO1',
            linkedAt: '2026-11-27T09:00:00Z',
            linkedBy: 'admin@vandytravel.com',
          },
        ],
      }),
    ),
  ];

  it('without its approval: says why, and a refused publish shows the server words as they are', async () => {
    let publishAsked = false;
    server.use(
      ...orderRoutes(() => order()),
      http.put('*/api/admin/jobs/JB1', () => {
        publishAsked = true;
        return HttpResponse.json({ message: NO_APPROVAL }, { status: 409 });
      }),
    );
    renderAt('/admin/job-orders/JO1');
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { name: 'Cleaner for Ɔdɔm Facilities LLC', level: 1 }),
    ).toBeVisible();
    expect(screen.getByText('2 selected, 1 deployed of 10')).toBeInTheDocument();
    expect(screen.getByText(/No approval reference yet/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Publish Office Cleaner' }));
    const jobs = screen.getByRole('region', { name: 'Jobs on the board' });
    expect(await within(jobs).findByRole('alert')).toHaveTextContent(NO_APPROVAL);
    expect(publishAsked).toBe(true);
  });

  it('shows the upload check message under the file field when the server refuses the file', async () => {
    const TYPE = 'File must be a .pdf, .jpg, .jpeg or .png file';
    let kind: FormDataEntryValue | null = null;
    server.use(
      ...orderRoutes(() => order()),
      http.post('*/api/admin/job-orders/JO1/files', async ({ request }) => {
        kind = (await request.formData()).get('kind');
        return HttpResponse.json({ errors: { file: TYPE } }, { status: 422 });
      }),
    );
    renderAt('/admin/job-orders/JO1');
    const user = userEvent.setup({ applyAccept: false });
    await user.selectOptions(await screen.findByLabelText('Kind of file'), 'power_of_attorney');
    const input = screen.getByLabelText(/^File \(/);
    await user.upload(input, new File(['MZ'], 'letter.exe', { type: 'application/octet-stream' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const files = screen.getByRole('region', { name: 'Files' });
    expect(await within(files).findByRole('alert')).toHaveTextContent(TYPE);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(kind).toBe('power_of_attorney');
  });

  it('records the approval with the version it was made on, and then shows who recorded it', async () => {
    let current = order();
    let body: unknown = null;
    server.use(
      ...orderRoutes(() => current),
      http.put('*/api/admin/job-orders/JO1/approval', async ({ request }) => {
        body = await request.json();
        current = order({
          approval: {
            kind: 'mou',
            reference: 'MOU-2026-14',
            recordedBy: 'admin@vandytravel.com',
            recordedAt: '2026-11-28T12:00:00Z',
          },
          problems: [],
          version: 4,
        });
        return HttpResponse.json(current);
      }),
    );
    renderAt('/admin/job-orders/JO1');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Kind'), 'mou');
    await fill(user, screen.getByLabelText('Approval reference'), 'MOU-2026-14');
    await user.click(screen.getByRole('button', { name: 'Record the approval' }));
    expect(await screen.findByText('MoU MOU-2026-14')).toBeInTheDocument();
    expect(screen.getByText('Its jobs may be published.')).toBeInTheDocument();
    expect(screen.getByLabelText('Approval reference')).toHaveValue('');
    expect(body).toEqual({ kind: 'mou', reference: 'MOU-2026-14', expectedVersion: 3 });
  });
});
