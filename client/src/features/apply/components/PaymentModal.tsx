import { useEffect, useRef } from 'react';
import { Modal } from '@/components/ui/Modal';
import { useResource } from '@/lib/use-resource';
import { type FeeDue, getFeeDue, getPaymentConfig, paymentKeyOf } from '../api/payments';
import { useCheckout } from '../lib/use-checkout';

export const PAYMENT_SUCCESS = 'Payment processed successfully! Welcome to Vandy Recruitment.';
export const NO_FEE_NOTICE = 'No processing fee is due for this application: there is nothing to pay.';
export const TEST_PAYMENT_NOTICE =
  'Test payment: this demo site has no Paystack keys, so a built-in test checkout opens. No money is taken.';

/**
 * "Complete Your Application" (spec section 4): the processing fee as the server sets it
 * (the spec's `PROCESSING_FEE_USD` unless `AGENCY_APPLICATION_FEE` overrides it). "Pay with
 * Paystack" asks the server to start the payment (with the application's payment key) and goes
 * to Paystack's checkout; the success toast is shown only on the result page, after the server
 * verified the payment. In demo mode without Paystack keys the checkout is the site's built-in
 * test checkout, labelled as a test payment; elsewhere without keys the modal says how to pay
 * at the office instead, and offers no online payment.
 */
export function PaymentModal({ applicationId, onClose }: { applicationId: string; onClose: () => void }) {
  const payRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [config] = useResource(getPaymentConfig, 'payment-config');
  const [owed] = useResource(() => feeOf(applicationId), `fee-${applicationId}`);
  const { starting, error, checkout } = useCheckout();
  const ready = config.status === 'success' ? config.data : null;
  const feeDue = owed.status === 'success' ? owed.data : null;
  const noFee = feeDue !== null && !feeDue.due;
  const available = (ready?.available ?? false) && !noFee;

  useEffect(() => {
    if (config.status === 'loading') return;
    (available ? payRef.current : cancelRef.current)?.focus();
  }, [config.status, available]);

  const fee = feeDue?.label ?? ready?.label ?? null;
  return (
    <Modal className="payment-modal" labelledBy="payment-title" describedBy="payment-text" onClose={onClose}>
      <h2 id="payment-title">Complete Your Application</h2>
      <p id="payment-text" className="muted">
        {noFee
          ? 'Your application is complete. Our team starts reviewing your documents now.'
          : 'To complete your application, please pay the processing fee. Our team starts reviewing your documents once it is received.'}
      </p>
      <p className="payment-modal__fee" aria-busy={config.status === 'loading'}>
        <span className="visually-hidden">Processing fee: </span>
        {fee ?? '…'}
      </p>
      <p className="muted">Processing fee</p>
      {feeDue?.reason ? (
        <p className="payment-modal__reason" data-testid="fee-reason">
          {feeDue.reason}
        </p>
      ) : null}
      {noFee ? (
        <p className="payment-modal__notice" role="status">
          {NO_FEE_NOTICE}
          <br />
          Your application ID: <strong>{applicationId}</strong>
        </p>
      ) : null}
      {ready?.test && !noFee ? (
        <p className="payment-modal__notice" role="note">
          {TEST_PAYMENT_NOTICE}
        </p>
      ) : null}
      {ready && !ready.available && !noFee ? (
        <p className="payment-modal__notice" role="status">
          {ready.unavailableMessage}
          <br />
          Your application ID: <strong>{applicationId}</strong>
        </p>
      ) : null}
      {config.status === 'error' ? (
        <p className="payment-modal__notice" role="alert">
          {errorText(config.error)}
        </p>
      ) : null}
      {error ? (
        <p className="payment-modal__notice" role="alert">
          {error}
        </p>
      ) : null}
      <div className="payment-modal__actions">
        <button ref={cancelRef} type="button" className="button button--outline" onClick={onClose}>
          {noFee ? 'Close' : 'Cancel'}
        </button>
        {available ? (
          <button
            ref={payRef}
            type="button"
            className="button button--gold"
            onClick={() => void checkout(applicationId)}
            disabled={starting}
          >
            {starting ? 'Redirecting to Paystack...' : 'Pay with Paystack'}
          </button>
        ) : null}
      </div>
    </Modal>
  );
}

/** The fee the policy gave this application; null without its payment key (the configured fee is shown). */
async function feeOf(applicationId: string): Promise<FeeDue | null> {
  const key = paymentKeyOf(applicationId);
  return key ? getFeeDue(applicationId, key).catch(() => null) : null;
}

function errorText(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure);
}
