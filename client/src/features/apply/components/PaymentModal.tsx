import { useEffect, useRef } from 'react';
import { Modal } from '@/components/ui/Modal';
import { useResource, type ResourceState } from '@/lib/use-resource';
import { type FeeDue, type PaymentConfig, getFeeDue, getPaymentConfig, paymentKeyOf } from '../api/payments';
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
  const fee = useFeeState(applicationId);
  const { starting, error, checkout } = useCheckout();
  const { config, noFee, available } = fee;

  useEffect(() => {
    if (config.status === 'loading') return;
    (available ? payRef.current : cancelRef.current)?.focus();
  }, [config.status, available]);

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
        {fee.label ?? '…'}
      </p>
      <p className="muted">Processing fee</p>
      <FeeNotices fee={fee} applicationId={applicationId} />
      <ErrorNotices config={config} error={error} />
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

interface FeeState {
  config: ResourceState<PaymentConfig>;
  /** The payment configuration once loaded. */
  ready: PaymentConfig | null;
  feeDue: FeeDue | null;
  /** The policy waived the fee: nothing to pay. */
  noFee: boolean;
  /** Online payment is offered. */
  available: boolean;
  /** The fee as shown ("$50"), the application's own first. */
  label: string | null;
}

function loaded<T>(state: ResourceState<T>): T | null {
  return state.status === 'success' ? state.data : null;
}

function useFeeState(applicationId: string): FeeState {
  const [config] = useResource(getPaymentConfig, 'payment-config');
  const [owed] = useResource(() => feeOf(applicationId), `fee-${applicationId}`);
  const ready = loaded(config);
  const feeDue = loaded(owed);
  const noFee = feeDue !== null && !feeDue.due;
  const available = (ready?.available ?? false) && !noFee;
  return { config, ready, feeDue, noFee, available, label: feeDue?.label ?? ready?.label ?? null };
}

function ApplicationIdLine({ applicationId }: { applicationId: string }) {
  return (
    <>
      <br />
      Your application ID: <strong>{applicationId}</strong>
    </>
  );
}

/** Why this fee, no fee due, a test checkout, or no online payment (pay at the office). */
function FeeNotices({ fee, applicationId }: { fee: FeeState; applicationId: string }) {
  const { ready, feeDue, noFee } = fee;
  const unavailable = ready !== null && !ready.available && !noFee;
  return (
    <>
      {feeDue?.reason ? (
        <p className="payment-modal__reason" data-testid="fee-reason">
          {feeDue.reason}
        </p>
      ) : null}
      {noFee ? (
        <p className="payment-modal__notice" role="status">
          {NO_FEE_NOTICE}
          <ApplicationIdLine applicationId={applicationId} />
        </p>
      ) : null}
      {ready?.test && !noFee ? (
        <p className="payment-modal__notice" role="note">
          {TEST_PAYMENT_NOTICE}
        </p>
      ) : null}
      {unavailable ? (
        <p className="payment-modal__notice" role="status">
          {ready.unavailableMessage}
          <ApplicationIdLine applicationId={applicationId} />
        </p>
      ) : null}
    </>
  );
}

function ErrorNotices({ config, error }: { config: ResourceState<PaymentConfig>; error: string | null }) {
  return (
    <>
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
    </>
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
