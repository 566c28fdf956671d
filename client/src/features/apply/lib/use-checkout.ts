import { useState } from 'react';
import { goToCheckout, startPayment } from '../api/payments';

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
      const started = await startPayment(applicationId);
      goToCheckout(started.authorizationUrl);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setStarting(false);
    }
  };
  return { starting, error, checkout };
}
