import { AdminQueryProvider } from '@/features/admin-shell';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { markSnackbarHostReady } from '@/lib/notify';
import { server } from '@/testing/msw-server';
import FeePolicyPage from './FeePolicyPage';

markSnackbarHostReady();

const POLICY = {
  currency: 'USD',
  countriesOffered: ['Qatar', 'Oman'],
  defaultAmount: '50',
  defaultReason: '',
  countries: [{ match: 'Qatar', amount: '30', reason: 'Qatar rate' }],
  jobs: [],
  refundRules: 'Refunds within 14 days.',
};

function renderPage(onPut: (body: Record<string, unknown>) => Response) {
  server.use(
    http.get('*/api/admin/fee-policy', () => HttpResponse.json(POLICY)),
    http.put('*/api/admin/fee-policy', async ({ request }) =>
      onPut((await request.json()) as Record<string, unknown>),
    ),
  );
  render(
    <MemoryRouter initialEntries={['/admin/fees']}>
      <SnackbarProvider />
      <FeePolicyPage />
    </MemoryRouter>,
    { wrapper: AdminQueryProvider },
  );
}

describe('FeePolicyPage', () => {
  it("shows the server's rules' messages under bad fields, focuses the first and sends nothing", async () => {
    let puts = 0;
    renderPage(() => {
      puts += 1;
      return HttpResponse.json(POLICY);
    });
    const user = userEvent.setup();
    const amount = await screen.findByLabelText('Default fee (leave empty for no fee)');
    await user.clear(amount);
    await user.type(amount, '12.345');
    await user.click(screen.getByRole('button', { name: 'Add a country rule' }));
    const added = screen.getByTestId('fee-countries-1');
    await user.selectOptions(within(added).getByLabelText('Destination country'), 'Qatar');
    await user.clear(screen.getByLabelText('Refund rules (shown on the Terms page)'));
    await user.click(screen.getByRole('button', { name: 'Save fee policy' }));
    const message = await screen.findByText(
      'Enter an amount such as 50 or 49.99, or leave it empty for no fee',
    );
    expect(message).toHaveAttribute('id', 'fee-default-amount-error');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAttribute('aria-describedby', 'fee-default-amount-error');
    expect(amount).toHaveFocus();
    expect(within(added).getByText('Only one rule may apply to the same country or job')).toBeInTheDocument();
    expect(within(added).getByText('Give the reason the applicant is shown')).toBeInTheDocument();
    expect(screen.getByText('Describe the refund rules')).toBeInTheDocument();
    expect(puts).toBe(0);
  });

  it("sends the policy's fields and shows the server's messages on the rule they name", async () => {
    const bodies: Record<string, unknown>[] = [];
    renderPage((body) => {
      bodies.push(body);
      if (bodies.length === 1) return HttpResponse.json({ ...POLICY, ...body });
      return HttpResponse.json(
        { errors: { 'jobs.0.match': 'There is no job with this ID' } },
        { status: 422 },
      );
    });
    const user = userEvent.setup();
    const amount = await screen.findByLabelText('Default fee (leave empty for no fee)');
    await user.clear(amount);
    await user.click(screen.getByRole('button', { name: 'Add a job rule' }));
    const job = screen.getByTestId('fee-jobs-0');
    await user.type(within(job).getByLabelText('Job ID'), 'job-1');
    await user.type(within(job).getByLabelText('Fee (leave empty for no fee)'), '75.5');
    await user.type(within(job).getByLabelText('Reason shown to the applicant'), 'Senior role');
    await user.click(
      within(screen.getByTestId('fee-countries-0')).getByRole('button', { name: 'Remove rule' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save fee policy' }));
    expect(await screen.findByText('Fee policy saved')).toBeInTheDocument();
    expect(bodies[0]).toEqual({
      defaultAmount: null,
      defaultReason: '',
      countries: [],
      jobs: [{ match: 'job-1', amount: '75.5', reason: 'Senior role' }],
      refundRules: 'Refunds within 14 days.',
    });
    await user.click(screen.getByRole('button', { name: 'Save fee policy' }));
    const message = await screen.findByText('There is no job with this ID', { selector: '.admin-error' });
    expect(message).toHaveAttribute('id', 'fee-jobs-0-match-error');
    expect(screen.getByLabelText('Job ID')).toHaveFocus();
  });
});
