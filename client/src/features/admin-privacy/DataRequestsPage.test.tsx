import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { markSnackbarHostReady } from '@/lib/notify';
import { server } from '@/testing/msw-server';
import DataRequestsPage from './DataRequestsPage';

markSnackbarHostReady();

const FOUND = {
  query: 'ama@example.com',
  counts: {
    applications: 1,
    files: 1,
    appointments: 0,
    messages: 1,
    subscriptions: 0,
    jobAlerts: 0,
    sms: 2,
    notes: 3,
    replies: 1,
  },
  applications: [
    {
      applicationId: 'VA1',
      status: 'received',
      createdAt: '2026-03-02T09:30:00Z',
      files: [{ field: 'cv', filename: 'cv.pdf' }],
    },
  ],
  appointments: [],
  messages: [{ id: 'VA2', createdAt: '2026-03-02T09:30:00Z' }],
  subscriptions: [],
  jobAlerts: [],
  sms: [],
  notes: [],
  replies: [],
};
const EMPTY = {
  ...FOUND,
  counts: {
    applications: 0,
    files: 0,
    appointments: 0,
    messages: 0,
    subscriptions: 0,
    jobAlerts: 0,
    sms: 0,
    notes: 0,
    replies: 0,
  },
  applications: [],
  messages: [],
};

describe('DataRequestsPage', () => {
  it('finds, offers the export, and erases only after the identifier is typed again', async () => {
    let erased: unknown = null;
    server.use(
      http.get('*/api/admin/data-requests', () => HttpResponse.json(erased ? EMPTY : FOUND)),
      http.post('*/api/admin/data-requests/erase', async ({ request }) => {
        erased = await request.json();
        return HttpResponse.json({ erased: FOUND.counts, masked: 'a***@example.com' });
      }),
    );
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <SnackbarProvider />
        <DataRequestsPage />
      </MemoryRouter>,
    );
    await user.type(
      screen.getByLabelText('Email, phone or passport number of the person'),
      'ama@example.com',
    );
    await user.click(screen.getByRole('button', { name: 'Find' }));
    const counts = await screen.findByTestId('data-request-counts');
    expect(within(counts).getByText('Applications: 1')).toBeInTheDocument();
    expect(within(counts).getByText('Staff notes: 3')).toBeInTheDocument();
    expect(within(counts).getByText('Replies to messages: 1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export ZIP' })).toHaveAttribute(
      'href',
      '/api/admin/data-requests/export.zip?q=ama%40example.com',
    );
    await user.click(screen.getByRole('button', { name: 'Erase…' }));
    const dialog = screen.getByRole('alertdialog');
    const go = within(dialog).getByRole('button', { name: 'Erase permanently' });
    expect(go).toBeDisabled();
    await user.type(
      within(dialog).getByLabelText('Confirm email, phone or passport number'),
      'ama@example.com',
    );
    await user.click(go);
    expect(await screen.findByText('Erased everything held about a***@example.com')).toBeInTheDocument();
    expect(erased).toEqual({ q: 'ama@example.com', confirm: 'ama@example.com' });
    expect(await screen.findByText('Nothing is held about this person.')).toBeInTheDocument();
  });
});
