import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PAYMENT_SUCCESS } from '@/features/apply/components/PaymentModal';
import { server } from '@/testing/msw-server';
import { renderApp } from '@/app/testing/render-app';
import { RESULT_TEXTS } from '@/features/apply/components/PaymentResultPage';

function answer(status: number, body: Record<string, unknown>) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/payments/:reference', ({ params }) => {
      asked.push(String(params.reference));
      return HttpResponse.json(body, { status });
    }),
  );
  return asked;
}

const STATUS = {
  applicationId: 'VA1',
  reference: 'VA1-abcdef',
  amount: '50',
  currency: 'USD',
  channel: 'card',
  paidAt: '2026-05-01T12:00:00+00:00',
};

describe('PaymentResultPage', () => {
  it('shows the success toast only after the server verified the payment', async () => {
    const asked = answer(200, { ...STATUS, state: 'paid' });
    renderApp('/payment/callback?trxref=VA1-abcdef&reference=VA1-abcdef');
    expect(await screen.findByRole('heading', { name: RESULT_TEXTS.paidTitle })).toBeInTheDocument();
    expect(await screen.findByText(PAYMENT_SUCCESS)).toBeInTheDocument();
    expect(asked).toEqual(['VA1-abcdef']);
  });

  it('a failed payment gets no toast and a way to try again', async () => {
    answer(200, { ...STATUS, state: 'failed' });
    renderApp('/payment/callback?reference=VA1-abcdef');
    expect(await screen.findByRole('heading', { name: RESULT_TEXTS.failedTitle })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText(PAYMENT_SUCCESS)).not.toBeInTheDocument();
  });

  it('a pending payment can be checked again', async () => {
    answer(200, { ...STATUS, state: 'pending' });
    renderApp('/payment/callback?reference=VA1-abcdef');
    expect(await screen.findByRole('heading', { name: RESULT_TEXTS.pendingTitle })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeInTheDocument();
    expect(screen.queryByText(PAYMENT_SUCCESS)).not.toBeInTheDocument();
  });

  it('the gateway being down is a clear error with a retry', async () => {
    answer(502, { message: 'We could not reach the payment provider just now.' });
    renderApp('/payment/callback?reference=VA1-abcdef');
    expect(await screen.findByRole('heading', { name: RESULT_TEXTS.errorTitle })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('We could not reach the payment provider just now.');
    expect(screen.getByRole('button', { name: 'Check again' })).toBeInTheDocument();
  });

  it('no reference is not found', async () => {
    renderApp('/payment/callback');
    expect(await screen.findByRole('heading', { name: RESULT_TEXTS.notFoundTitle })).toBeInTheDocument();
  });
});
