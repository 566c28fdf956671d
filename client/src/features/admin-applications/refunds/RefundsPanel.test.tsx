import { AdminQueryProvider } from '@/features/admin-shell';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { SnackbarProvider } from 'notistack';
import { describe, expect, it } from 'vitest';
import { markSnackbarHostReady } from '@/lib/notify';
import { server } from '@/testing/msw-server';
import { RefundsPanel } from './RefundsPanel';

markSnackbarHostReady();

const PAID = {
  payment: 'paid',
  refundStatus: null,
  paid: '50',
  refundable: '50',
  currency: 'USD',
  items: [],
};
const REFUNDED = {
  ...PAID,
  refundStatus: 'refunded',
  refundable: '0',
  items: [
    {
      id: 'VA1-refund-1',
      amount: '50',
      currency: 'USD',
      label: '$50',
      reason: 'Visa refused',
      actor: 'staff@example.com',
      state: 'processed',
      createdAt: '2026-11-28T09:00:00Z',
      updatedAt: '2026-11-28T09:00:00Z',
    },
  ],
};

function renderPanel(onPost: (body: Record<string, unknown>) => Response) {
  server.use(
    http.get('*/api/admin/applications/VA1/refunds', () => HttpResponse.json(PAID)),
    http.post('*/api/admin/applications/VA1/refunds', async ({ request }) =>
      onPost((await request.json()) as Record<string, unknown>),
    ),
  );
  render(
    <>
      <SnackbarProvider />
      <RefundsPanel applicationId="VA1" />
    </>,
    { wrapper: AdminQueryProvider },
  );
}

describe('RefundsPanel', () => {
  it('asks for confirmation before refunding, and going back sends nothing', async () => {
    const sent: Record<string, unknown>[] = [];
    renderPanel((body) => {
      sent.push(body);
      return HttpResponse.json(REFUNDED, { status: 201 });
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Reason for the refund'), 'Visa refused');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund the processing fee?' });
    expect(dialog).toHaveAccessibleDescription(/Refund all that remains \(50 USD\) to the applicant/);
    // The dialog moves the focus as it opens (an effect): on a loaded machine, after the click has returned.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Go back' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refunded $50')).toBeInTheDocument();
    expect(sent).toEqual([{ amount: '', reason: 'Visa refused' }]);
    expect(screen.getByTestId('refund-status')).toHaveTextContent('Refunded');
  });

  it('keeps the reason typed after a refused refund', async () => {
    renderPanel(() =>
      HttpResponse.json({ errors: { amount: 'At most $50 can be refunded' } }, { status: 422 }),
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Amount to refund/), '60');
    await user.type(screen.getByLabelText('Reason for the refund'), 'Visa refused');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Refund' }));
    expect(
      await screen.findByText('At most $50 can be refunded', { selector: '.admin-error' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Reason for the refund')).toHaveValue('Visa refused');
    expect(screen.getByLabelText(/Amount to refund/)).toHaveValue('60');
  });
});
