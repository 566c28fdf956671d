import { useState } from 'react';
import { goToCheckout, paymentKeyOf, startPayment } from '../api/payments';

export const NO_PAYMENT_KEY =
  'To pay online, open the payment link in your confirmation e-mail (it carries your payment key).';

/**
 * Starts the processing-fee payment of an application and leaves for Paystack's checkout;
 * `starting` stays true until the page leaves, `error` says why it could not start.
 */
export function useCheckout(): {
  starting: boolean;
  error: string | null;
  checkout: (applicationId: string) => Promise<void>;
} {
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const checkout = async (applicationId: string) => {
    setStarting(true);
    setError(null);
    try {
      const paymentKey = paymentKeyOf(applicationId);
      if (!paymentKey) throw new Error(NO_PAYMENT_KEY);
      const started = await startPayment(applicationId, paymentKey);
      goToCheckout(started.authorizationUrl);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setStarting(false);
    }
  };
  return { starting, error, checkout };
}
