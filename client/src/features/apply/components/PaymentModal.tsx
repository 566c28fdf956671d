import { useEffect, useRef, useState } from 'react';
import {
  getPaymentConfig,
  goToCheckout,
  startPayment,
  type PaymentConfig,
} from '@/features/payments/api/payments';

export const PAYMENT_SUCCESS = 'Payment processed successfully! Welcome to Vandy Recruitment.';

type Config =
  { kind: 'loading' } | { kind: 'ready'; config: PaymentConfig } | { kind: 'error'; message: string };

/**
 * "Complete Your Application" (spec section 4): the processing fee as the server sets it
 * (`AGENCY_APPLICATION_FEE`). "Pay with Paystack" asks the server to start the payment and
 * goes to Paystack's checkout; the success toast is shown only on the result page, after the
 * server verified the payment. Without Paystack keys on the server the modal says how to pay
 * at the office instead, and offers no online payment.
 */
export function PaymentModal({ applicationId, onClose }: { applicationId: string; onClose: () => void }) {
  const payRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [config, setConfig] = useState<Config>({ kind: 'loading' });
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getPaymentConfig(controller.signal)
      .then((loaded) => setConfig({ kind: 'ready', config: loaded }))
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        setConfig({ kind: 'error', message: failure instanceof Error ? failure.message : String(failure) });
      });
    return () => controller.abort();
  }, []);

  const available = config.kind === 'ready' && config.config.available;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [onClose]);

  useEffect(() => {
    if (config.kind === 'loading') return;
    (available ? payRef.current : cancelRef.current)?.focus();
  }, [config.kind, available]);

  const pay = async () => {
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

  const fee = config.kind === 'ready' ? config.config.label : null;
  return (
    <div className="modal-backdrop">
      <div
        className="modal payment-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="payment-title"
        aria-describedby="payment-text"
      >
        <h2 id="payment-title">Complete Your Application</h2>
        <p id="payment-text" className="muted">
          To complete your application, please pay the processing fee. Our team starts reviewing your
          documents once it is received.
        </p>
        <p className="payment-modal__fee" aria-busy={config.kind === 'loading'}>
          <span className="visually-hidden">Processing fee: </span>
          {fee ?? '…'}
        </p>
        <p className="muted">Processing fee</p>
        {config.kind === 'ready' && !config.config.available ? (
          <p className="payment-modal__notice" role="status">
            {config.config.unavailableMessage}
            <br />
            Your application ID: <strong>{applicationId}</strong>
          </p>
        ) : null}
        {config.kind === 'error' ? (
          <p className="payment-modal__notice" role="alert">
            {config.message}
          </p>
        ) : null}
        {error ? (
          <p className="payment-modal__notice" role="alert">
            {error}
          </p>
        ) : null}
        <div className="payment-modal__actions">
          <button ref={cancelRef} type="button" className="button button--outline" onClick={onClose}>
            Cancel
          </button>
          {available ? (
            <button
              ref={payRef}
              type="button"
              className="button button--gold"
              onClick={() => void pay()}
              disabled={starting}
            >
              {starting ? 'Redirecting to Paystack...' : 'Pay with Paystack'}
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
