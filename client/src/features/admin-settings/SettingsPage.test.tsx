import { AdminQueryProvider } from '@/features/admin-shell';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { markSnackbarHostReady } from '@/lib/notify';
import { server } from '@/testing/msw-server';
import SettingsPage from './SettingsPage';

markSnackbarHostReady();

const SETTINGS = {
  adminPhones: ['+233241111111', '+233242222222', '+971501111111', '+971502222222'],
  smsSender: 'VANDY',
  statusSms: { received: true, processing: true, approved: true, rejected: true },
  appointmentCapacity: 1,
  closedDates: ['2026-12-25'],
  bookingHorizonDays: 90,
  dailyBookingsPerPerson: 2,
  smsMaxParts: 3,
};

function renderPage(onPut: (body: unknown) => Response | Promise<Response>) {
  server.use(
    http.get('*/api/admin/settings', () => HttpResponse.json(SETTINGS)),
    http.get('*/api/admin/settings/whatsapp', () =>
      HttpResponse.json({ on: false, line: 'WhatsApp is off.' }),
    ),
    http.get('*/api/admin/audit-log', () =>
      HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 20 }),
    ),
    http.put('*/api/admin/settings', async ({ request }) => onPut(await request.json())),
  );
  render(
    <MemoryRouter initialEntries={['/admin/settings']}>
      <SnackbarProvider />
      <SettingsPage />
    </MemoryRouter>,
    { wrapper: AdminQueryProvider },
  );
}

describe('SettingsPage', () => {
  it("shows the rules' messages under bad fields, focuses the first and sends nothing", async () => {
    let puts = 0;
    renderPage(() => {
      puts += 1;
      return HttpResponse.json(SETTINGS);
    });
    const user = userEvent.setup();
    const phone = await screen.findByLabelText('Admin phone 2');
    await user.clear(phone);
    await user.type(phone, 'call me');
    const capacity = screen.getByLabelText('Consultations per time slot');
    await user.clear(capacity);
    await user.type(capacity, '51');
    const closed = screen.getByLabelText('Closed dates (public holidays)');
    await user.clear(closed);
    await user.type(closed, '2026-02-30');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Enter a valid phone number')).toHaveAttribute(
      'id',
      'settings-phone-1-error',
    );
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAttribute('aria-describedby', 'settings-phone-1-error');
    expect(phone).toHaveFocus();
    expect(
      screen.getByText('Consultations per slot must be a whole number from 1 to 50'),
    ).toBeInTheDocument();
    expect(screen.getByText('Closed dates must be a list of dates (YYYY-MM-DD)')).toBeInTheDocument();
    expect(screen.getByLabelText('SMS sender id')).toHaveAttribute(
      'aria-describedby',
      'settings-sender-hint',
    );
    expect(puts).toBe(0);
  });

  it('checks the booking horizon and the daily limit against their bounds, then sends them', async () => {
    const bodies: unknown[] = [];
    renderPage((body) => {
      bodies.push(body);
      return HttpResponse.json({ ...SETTINGS, bookingHorizonDays: 30, dailyBookingsPerPerson: 1 });
    });
    const user = userEvent.setup();
    const horizon = await screen.findByLabelText('Booking horizon (days ahead)');
    const daily = screen.getByLabelText('Bookings per person per day');
    await user.clear(horizon);
    await user.type(horizon, '731');
    await user.clear(daily);
    await user.type(daily, '0');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(
      await screen.findByText('Booking horizon must be a whole number of days from 1 to 730'),
    ).toHaveAttribute('id', 'settings-horizon-error');
    expect(horizon).toHaveFocus();
    expect(daily).toHaveAttribute('aria-describedby', 'settings-daily-limit-error');
    expect(
      screen.getByText('Bookings per person per day must be a whole number from 1 to 20'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await user.clear(horizon);
    await user.type(horizon, '30');
    await user.clear(daily);
    await user.type(daily, '1');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ bookingHorizonDays: 30, dailyBookingsPerPerson: 1 });
  });

  it('checks the SMS parts cap against its bounds, then sends it', async () => {
    const bodies: unknown[] = [];
    renderPage((body) => {
      bodies.push(body);
      return HttpResponse.json({ ...SETTINGS, smsMaxParts: 4 });
    });
    const user = userEvent.setup();
    const parts = await screen.findByLabelText('Most SMS parts per message template');
    expect(parts).toHaveValue(3);
    await user.clear(parts);
    await user.type(parts, '11');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('SMS parts must be a whole number from 1 to 10')).toHaveAttribute(
      'id',
      'settings-sms-parts-error',
    );
    expect(parts).toHaveFocus();
    expect(bodies).toEqual([]);
    await user.clear(parts);
    await user.type(parts, '4');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ smsMaxParts: 4 });
  });

  it("sends the cleaned body, then shows the server's field messages", async () => {
    const bodies: unknown[] = [];
    renderPage((body) => {
      bodies.push(body);
      if (bodies.length === 1) return HttpResponse.json(body as typeof SETTINGS);
      return HttpResponse.json(
        { errors: { 'adminPhones[3]': 'Enter a valid phone number' } },
        { status: 422 },
      );
    });
    const user = userEvent.setup();
    const phone = await screen.findByLabelText('Admin phone 1');
    await user.clear(phone);
    await user.type(phone, '+233 24 123 4567');
    const sender = screen.getByLabelText('SMS sender id');
    await user.clear(sender);
    await user.type(sender, '  VANDYJOBS ');
    await user.click(screen.getByRole('checkbox', { name: 'Rejected' }));
    const capacity = screen.getByLabelText('Consultations per time slot');
    await user.clear(capacity);
    await user.type(capacity, '3');
    const closed = screen.getByLabelText('Closed dates (public holidays)');
    await user.type(closed, '{enter}2026-12-26');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(bodies[0]).toEqual({
      adminPhones: ['+233241234567', '+233242222222', '+971501111111', '+971502222222'],
      smsSender: 'VANDYJOBS',
      statusSms: { received: true, processing: true, approved: true, rejected: false },
      appointmentCapacity: 3,
      closedDates: ['2026-12-25', '2026-12-26'],
      bookingHorizonDays: 90,
      dailyBookingsPerPerson: 2,
      smsMaxParts: 3,
    });
    expect(sender).toHaveValue('VANDYJOBS');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    const message = await screen.findByText('Enter a valid phone number', { selector: '.admin-error' });
    expect(message).toHaveAttribute('id', 'settings-phone-3-error');
    expect(screen.getByLabelText('Admin phone 4')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Admin phone 4')).toHaveFocus();
    expect(bodies).toHaveLength(2);
  });
});
