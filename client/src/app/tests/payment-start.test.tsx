import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/app/testing/render-app';
import { server } from '@/testing/msw-server';

describe('PaymentStartPage (the payment link of the confirmation e-mail)', () => {
  it('keeps the key of the fragment and starts the payment with it', async () => {
    const started: unknown[] = [];
    server.use(
      http.get('*/api/payments/config', () =>
        HttpResponse.json({
          available: true,
          amount: '50',
          currency: 'USD',
          label: '$50',
          unavailableMessage: null,
          test: true,
        }),
      ),
      http.post('*/api/applications/:id/payment', async ({ params, request }) => {
        started.push([String(params.id), await request.json()]);
        return HttpResponse.json(
          { message: 'We could not reach the payment provider just now.' },
          { status: 502 },
        );
      }),
    );
    renderApp('/payment/start?application=VA1700000000009#key=secret-key-9');
    expect(await screen.findByRole('heading', { name: 'Pay the processing fee' })).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Pay with Paystack' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not reach the payment provider just now.',
    );
    expect(started).toEqual([['VA1700000000009', { paymentKey: 'secret-key-9' }]]);
    expect(window.sessionStorage.getItem('payment-key:VA1700000000009')).toBe('secret-key-9');
  });

  it('says an incomplete link is incomplete', async () => {
    renderApp('/payment/start');
    expect(await screen.findByText(/This link is incomplete/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
