import { AdminQueryProvider } from '@/features/admin-shell';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { markSnackbarHostReady } from '@/lib/notify';
import { server } from '@/testing/msw-server';
import PhonesToConfirmPage from './PhonesToConfirmPage';

markSnackbarHostReady();

const LAYLA = {
  applicationId: 'VA300',
  applicantName: 'Layla Haddad',
  phone: '+233501234567',
  typed: '050 123 4567',
  createdAt: '2026-03-02T09:30:00Z',
  choices: [
    { region: 'GH', country: 'Ghana', phone: '+233501234567' },
    { region: 'AE', country: 'United Arab Emirates', phone: '+971501234567' },
  ],
};

describe('PhonesToConfirmPage', () => {
  it('lists each number with its countries and keeps the one staff pick', async () => {
    let confirmed: unknown = null;
    server.use(
      http.get('*/api/admin/phones-to-confirm', () => HttpResponse.json({ items: confirmed ? [] : [LAYLA] })),
      http.post('*/api/admin/phones-to-confirm/VA300', async ({ request }) => {
        confirmed = await request.json();
        return HttpResponse.json({ applicationId: 'VA300', phone: '+971501234567', region: 'AE' });
      }),
    );
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <SnackbarProvider />
        <PhonesToConfirmPage />
      </MemoryRouter>,
      { wrapper: AdminQueryProvider },
    );
    const choices = await screen.findByRole('group', { name: "Country of VA300's phone" });
    expect(screen.getByRole('link', { name: 'VA300' })).toHaveAttribute('href', '/admin/applications/VA300');
    expect(screen.getByText('stored as +233501234567')).toBeInTheDocument();
    await user.click(within(choices).getByRole('button', { name: 'United Arab Emirates (+971501234567)' }));
    expect(
      await screen.findByText("VA300: phone kept as United Arab Emirates's +971501234567"),
    ).toBeInTheDocument();
    expect(confirmed).toEqual({ region: 'AE' });
    expect(await screen.findByText('No phones to confirm.')).toBeInTheDocument();
  });
});
