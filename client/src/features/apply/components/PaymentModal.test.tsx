import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderForm } from '@/lib/forms/testing';
import { server } from '@/testing/msw-server';
import { forgetPaymentConfig, preloadPaymentConfig, rememberPaymentKey } from '../api/payments';
import { NO_PAYMENT_KEY } from '../lib/use-checkout';
import { NO_FEE_NOTICE, PAYMENT_SUCCESS, PaymentModal, TEST_PAYMENT_NOTICE } from './PaymentModal';

const assign = vi.fn<(url: string) => void>();
vi.mock('@/features/apply/api/payments', async (original) => ({
  ...(await original<typeof import('@/features/apply/api/payments')>()),
  goToCheckout: (url: string) => assign(url),
}));

const AVAILABLE = {
  available: true,
  amount: '750',
  currency: 'GHS',
  label: 'GH₵750',
  unavailableMessage: null,
  test: false,
};

describe('PaymentModal', () => {
  beforeEach(() => forgetPaymentConfig());

  it('shows the server fee, starts the payment and goes to the checkout without a toast', async () => {
    const started: unknown[] = [];
    rememberPaymentKey('VA1', 'the-key-of-VA1');
    server.use(
      http.get('*/api/payments/config', () => HttpResponse.json(AVAILABLE)),
      http.post('*/api/applications/:id/payment', async ({ params, request }) => {
        started.push([String(params.id), await request.json()]);
        return HttpResponse.json(
          { authorizationUrl: 'https://checkout.paystack.com/abc', reference: 'VA1-abcdef' },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderForm(<PaymentModal applicationId="VA1" onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Complete Your Application' });
    expect(await screen.findByText('GH₵750')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Pay with Paystack' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.paystack.com/abc'));
    expect(started).toEqual([['VA1', { paymentKey: 'the-key-of-VA1' }]]);
    expect(screen.queryByText(TEST_PAYMENT_NOTICE)).not.toBeInTheDocument();
    expect(dialog).not.toHaveTextContent(PAYMENT_SUCCESS);
    expect(screen.queryByText(PAYMENT_SUCCESS)).not.toBeInTheDocument();
  });

  it('shows the server message when the payment cannot start', async () => {
    server.use(
      http.get('*/api/payments/config', () => HttpResponse.json(AVAILABLE)),
      http.post('*/api/applications/:id/payment', () =>
        HttpResponse.json({ message: 'We could not reach the payment provider just now.' }, { status: 502 }),
      ),
    );
    rememberPaymentKey('VA2', 'the-key-of-VA2');
    const user = userEvent.setup({ delay: null });
    renderForm(<PaymentModal applicationId="VA2" onClose={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Pay with Paystack' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not reach the payment provider just now.',
    );
    expect(screen.getByRole('button', { name: 'Pay with Paystack' })).toBeEnabled();
  });

  it('labels the built-in test checkout of demo mode as a test payment', async () => {
    server.use(http.get('*/api/payments/config', () => HttpResponse.json({ ...AVAILABLE, test: true })));
    renderForm(<PaymentModal applicationId="VA3" onClose={() => undefined} />);
    expect(await screen.findByText(TEST_PAYMENT_NOTICE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay with Paystack' })).toBeEnabled();
  });

  it('without the payment key asks for the e-mail link and starts nothing', async () => {
    const started: string[] = [];
    server.use(
      http.get('*/api/payments/config', () => HttpResponse.json(AVAILABLE)),
      http.post('*/api/applications/:id/payment', ({ params }) => {
        started.push(String(params.id));
        return HttpResponse.json({ message: 'Application Not Found' }, { status: 404 });
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderForm(<PaymentModal applicationId="VA4" onClose={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Pay with Paystack' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NO_PAYMENT_KEY);
    expect(started).toEqual([]);
  });

  it('shows the fee the policy gave the application, with its reason, and no payment when none is due', async () => {
    const asked: unknown[] = [];
    rememberPaymentKey('VA5', 'the-key-of-VA5');
    server.use(
      http.get('*/api/payments/config', () => HttpResponse.json(AVAILABLE)),
      http.post('*/api/applications/:id/fee', async ({ params, request }) => {
        asked.push([String(params.id), await request.json()]);
        return HttpResponse.json({
          due: false,
          amount: '0',
          currency: 'GHS',
          label: 'No fee',
          reason: 'No fee: the employer pays all recruitment costs for jobs in the UAE',
        });
      }),
    );
    renderForm(<PaymentModal applicationId="VA5" onClose={() => undefined} />);
    expect(await screen.findByTestId('fee-reason')).toHaveTextContent(
      'No fee: the employer pays all recruitment costs for jobs in the UAE',
    );
    expect(screen.getByText(NO_FEE_NOTICE, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveTextContent('No fee');
    expect(screen.queryByRole('button', { name: 'Pay with Paystack' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeEnabled();
    expect(asked).toEqual([['VA5', { paymentKey: 'the-key-of-VA5' }]]);
  });

  it('shows the fee of the submit, the ID and the Pay button at once, with the settings fetched ahead (issue 43)', async () => {
    let asked = 0;
    server.use(
      http.get('*/api/payments/config', () => {
        asked += 1;
        return HttpResponse.json(AVAILABLE);
      }),
    );
    await preloadPaymentConfig();
    const fee = { due: true, amount: '750', currency: 'GHS', label: 'GH₵750', reason: '' };
    renderForm(<PaymentModal applicationId="VA6" fee={fee} onClose={() => undefined} />);
    // no wait: the first render already has them
    expect(screen.getByText('GH₵750')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay with Paystack' })).toBeEnabled();
    expect(screen.getByTestId('payment-application-id')).toHaveTextContent('VA6');
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(asked).toBe(1);
  });
});
