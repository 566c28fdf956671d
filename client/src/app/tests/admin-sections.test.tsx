import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/testing/msw-server';
import { renderApp } from '@/app/testing/render-app';
import { adminBackend, adminHandlers, backend } from '@/app/testing/admin-backend';
import { validateSettings } from '@/features/admin-settings/SettingsPage';

beforeEach(() => {
  adminBackend({ signedIn: true });
  server.use(...adminHandlers);
});

describe('settings', () => {
  it("checks the phones and the sender id with the server's rules (a Ghana number may be local)", () => {
    const ok = {
      adminPhones: ['+233241234567', '+233 24 123 4568', '+971501234567', '+971501234568'],
      smsSender: 'VANDY',
      statusSms: { received: true, processing: true, approved: true, rejected: true },
      appointmentCapacity: 1,
      closedDates: [],
      bookingHorizonDays: 90,
      dailyBookingsPerPerson: 2,
      smsMaxParts: 3,
    };
    expect(validateSettings({ ...ok, adminPhones: ok.adminPhones.map((p) => p.replace(/ /g, '')) })).toEqual(
      {},
    );
    expect(validateSettings({ ...ok, adminPhones: ['0241234567', ...ok.adminPhones.slice(1)] })).toEqual({});
    const bad = validateSettings({
      ...ok,
      adminPhones: ['call me', ...ok.adminPhones.slice(1)],
      smsSender: 'VANDYRECRUIT',
    });
    expect(Object.keys(bad).sort()).toEqual(['adminPhones.0', 'smsSender']);
  });

  it('shows errors under the fields, then saves with the CSRF header', async () => {
    const user = userEvent.setup();
    renderApp('/admin/settings');
    const sender = await screen.findByLabelText('SMS sender id');
    await user.clear(sender);
    await user.type(sender, 'TWELVECHARSX');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Sender id must be at most 11 characters')).toBeInTheDocument();
    expect(sender).toHaveFocus();
    await user.clear(sender);
    await user.type(sender, 'VANDYJOBS');
    await user.click(screen.getByRole('checkbox', { name: 'Rejected' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(backend.settings.smsSender).toBe('VANDYJOBS');
    expect(backend.settings.statusSms.rejected).toBe(false);
    expect(backend.requests.find((r) => r.method === 'PUT')?.csrf).toBe(backend.csrf);
    expect(screen.getByRole('heading', { name: 'Audit log' })).toBeInTheDocument();
  });
});

describe('messages', () => {
  it('marks a message read and links to the in-app reply', async () => {
    const user = userEvent.setup();
    renderApp('/admin/messages');
    const row = (await screen.findByText('Visa')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Unread')).toBeInTheDocument();
    const reply = within(row).getByRole('link', { name: 'Reply to Yaw' });
    expect(reply).toHaveAttribute('href', `/admin/messages/${backend.messages[0]!.id}`);
    expect(reply.getAttribute('href')).not.toMatch(/^mailto:/);
    await user.click(within(row).getByRole('button', { name: 'Mark Visa as read' }));
    expect(await screen.findByText('Visa')).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Reply to Yaw' });
    expect(screen.queryByText('Unread', { selector: '.admin-new' })).not.toBeInTheDocument();
    expect(backend.messages[0]!.read).toBe(true);
  });
});

describe('jobs', () => {
  it('creates a job opening', async () => {
    const created: unknown[] = [];
    server.use(
      http.get('*/api/admin/jobs', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 20 })),
      http.post('*/api/admin/jobs', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        created.push(body);
        return HttpResponse.json({ ...body, id: 'j1', createdAt: '', updatedAt: '' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/jobs');
    await user.click(await screen.findByRole('button', { name: 'New Job' }));
    await user.click(screen.getByRole('button', { name: 'Save Job' }));
    // the messages come from agency_core's job rules (rules.json), as the server gives them
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Country is required')).toBeInTheDocument();
    // focus moves to the first field with a message
    await waitFor(() => expect(screen.getByLabelText('Job title')).toHaveFocus());
    await user.type(screen.getByLabelText('Job title'), 'Site Electrician');
    await user.selectOptions(screen.getByLabelText('Country'), 'Qatar');
    await user.type(screen.getByLabelText('City'), 'Doha');
    await user.selectOptions(screen.getByLabelText('Category'), 'Construction');
    await user.type(screen.getByLabelText('Minimum salary'), '3000');
    await user.type(screen.getByLabelText('Maximum salary'), '2000');
    await user.type(screen.getByLabelText('Description'), 'Industrial wiring.');
    await user.click(screen.getByLabelText('Accommodation'));
    await user.click(screen.getByRole('button', { name: 'Save Job' }));
    expect(await screen.findByText('Maximum salary must not be below the minimum')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Maximum salary')).toHaveFocus());
    await user.clear(screen.getByLabelText('Maximum salary'));
    await user.type(screen.getByLabelText('Maximum salary'), '3500');
    await user.click(screen.getByRole('button', { name: 'Save Job' }));
    expect(await screen.findByText('Job created')).toBeInTheDocument();
    expect(created[0]).toMatchObject({
      title: 'Site Electrician',
      country: 'Qatar',
      city: 'Doha',
      category: 'Construction',
      employmentType: 'Full-time',
      positions: 1,
      salaryMin: 3000,
      salaryMax: 3500,
      salaryCurrency: 'USD',
      benefits: ['Accommodation'],
      closingDate: null,
      description: 'Industrial wiring.',
      status: 'open',
    });
  });
});

describe('blog posts', () => {
  it('names each required field, focuses the first, then saves the post with its tags split', async () => {
    const created: Record<string, unknown>[] = [];
    server.use(
      http.get('*/api/admin/blog-posts', () =>
        HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 20 }),
      ),
      http.post('*/api/admin/blog-posts', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        created.push(body);
        return HttpResponse.json({ ...body, id: 'p1' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/blog');
    await user.click(await screen.findByRole('button', { name: 'New Post' }));
    await user.click(screen.getByRole('button', { name: 'Save Post' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(4);
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveFocus());
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Title'), 'Visas in 2026');
    await user.type(screen.getByLabelText('Author'), 'Ama');
    await user.type(screen.getByLabelText('Excerpt'), 'What changed.');
    await user.type(screen.getByLabelText('Tags (comma separated)'), 'visa, , Gulf ');
    await user.type(screen.getByLabelText('Content (HTML)'), '<p>Text</p>');
    await user.click(screen.getByRole('button', { name: 'Save Post' }));
    expect(await screen.findByText('Blog post created')).toBeInTheDocument();
    expect(created[0]).toMatchObject({ title: 'Visas in 2026', author: 'Ama', tags: ['visa', 'Gulf'] });
    expect(created).toHaveLength(1);
  });
});
