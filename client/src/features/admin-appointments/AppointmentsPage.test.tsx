import { AdminQueryProvider } from '@/features/admin-shell';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { markSnackbarHostReady } from '@/lib/notify';
import { server } from '@/testing/msw-server';
import AppointmentsPage from './AppointmentsPage';

markSnackbarHostReady();

const BOOKED = {
  reference: 'VA7',
  fullName: 'Ama Owusu',
  email: 'ama@example.com',
  phone: '+233201234567',
  serviceType: 'job-placement',
  countryOfInterest: 'Qatar',
  message: null,
  preferredDate: '2026-12-07',
  preferredTime: '10:00 AM',
  startsAt: '2026-12-07T10:00:00Z',
  timeZone: 'Africa/Accra',
  status: 'booked',
  createdAt: '2026-11-28T09:00:00Z',
};

function renderPage(sent: Record<string, unknown>[]) {
  server.use(
    http.get('*/api/admin/appointments', () =>
      HttpResponse.json({ items: [BOOKED], total: 1, page: 1, pageSize: 20 }),
    ),
    http.post('*/api/admin/appointments/VA7/status', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return HttpResponse.json({ ...BOOKED, status: body.status });
    }),
  );
  render(
    <MemoryRouter initialEntries={['/admin/appointments']}>
      <SnackbarProvider />
      <AppointmentsPage />
    </MemoryRouter>,
    { wrapper: AdminQueryProvider },
  );
}

describe('AppointmentsPage', () => {
  it.each([
    ['Mark VA7 no-show', 'Mark VA7 no-show?', 'Mark no-show', 'no_show'],
    ['Mark VA7 attended', 'Mark VA7 attended?', 'Mark attended', 'attended'],
    ['Cancel VA7', 'Cancel VA7?', 'Cancel the appointment', 'cancelled'],
  ])(
    '%s asks for confirmation first, and acts only when confirmed',
    async (button, title, confirmLabel, status) => {
      const sent: Record<string, unknown>[] = [];
      renderPage(sent);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: button }));
      const dialog = screen.getByRole('dialog', { name: title });
      expect(dialog).toHaveAccessibleDescription(/Ama Owusu's appointment VA7 .*This is final/);
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(sent).toEqual([]);

      await user.click(screen.getByRole('button', { name: button }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: confirmLabel }));
      expect(
        await screen.findByText(/^(Attended|No show|Cancelled)$/, { selector: '.admin-status' }),
      ).toBeInTheDocument();
      expect(sent).toEqual([{ status }]);
    },
  );
});
