import { useEffect, useRef, useState } from 'react';
import { Modal } from '@/components/ui/Modal';
import { useResource, type ResourceState } from '@/lib/use-resource';
import {
  type FeeDue,
  type PaymentConfig,
  getFeeDue,
  paymentKeyOf,
  preloadPaymentConfig,
  preloadedPaymentConfig,
} from '../api/payments';
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
 *
 * No blank wait (issue 43): `fee` is the fee the submit's answer gave the application, and the
 * payment settings were fetched as the wizard reached its last step, so the fee and the Pay button
 * show at once; the Pay button shows until the settings say online payment is off. The application
 * ID is written in the modal, to read or copy, not only in the toast.
 */
export function PaymentModal({
  applicationId,
  fee: given,
  onClose,
}: {
  applicationId: string;
  /** The fee the submit's answer gave; without it (the e-mail's payment link) it is asked for. */
  fee?: FeeDue | null;
  onClose: () => void;
}) {
  const payRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const fee = useFeeState(applicationId, given);
  const { starting, error, checkout } = useCheckout();
  const { config, noFee, available } = fee;

  useEffect(() => {
    (available ? payRef.current : cancelRef.current)?.focus();
  }, [available]);

  return (
    <Modal className="payment-modal" labelledBy="payment-title" describedBy="payment-text" onClose={onClose}>
      <h2 id="payment-title">Complete Your Application</h2>
      <p id="payment-text" className="muted">
        {noFee
          ? 'Your application is complete. Our team starts reviewing your documents now.'
          : 'To complete your application, please pay the processing fee. Our team starts reviewing your documents once it is received.'}
      </p>
      <p className="payment-modal__fee" aria-busy={fee.label === null}>
        <span className="visually-hidden">Processing fee: </span>
        {fee.label ?? '…'}
      </p>
      <p className="muted">Processing fee</p>
      <ApplicationId applicationId={applicationId} />
      <FeeNotices fee={fee} />
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

/** The payment settings: those fetched ahead when they have come, else asked for now. */
function usePaymentConfig(): ResourceState<PaymentConfig> {
  const early = preloadedPaymentConfig();
  const [config] = useResource(preloadPaymentConfig, 'payment-config', early ? { data: early } : undefined);
  return config;
}

/** The fee the submit's answer gave (`given`), else (the e-mail's payment link) the one asked for. */
function useFeeDue(applicationId: string, given: FeeDue | null | undefined): FeeDue | null {
  const [owed] = useResource(
    () => (given === undefined ? feeOf(applicationId) : Promise.resolve(given)),
    `fee-${applicationId}`,
    given === undefined ? undefined : { data: given },
  );
  return loaded(owed);
}

function useFeeState(applicationId: string, given: FeeDue | null | undefined): FeeState {
  const config = usePaymentConfig();
  const ready = loaded(config);
  const feeDue = useFeeDue(applicationId, given);
  const noFee = feeDue !== null && !feeDue.due;
  // Offered until the settings say otherwise: starting a payment that is off is refused with the
  // server's own message.
  const available = (ready?.available ?? config.status === 'loading') && !noFee;
  return { config, ready, feeDue, noFee, available, label: feeDue?.label ?? ready?.label ?? null };
}

/** The application ID, to read, select or copy: it opens /track with the phone or e-mail. */
function ApplicationId({ applicationId }: { applicationId: string }) {
  const idRef = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = () => {
    if (idRef.current) window.getSelection()?.selectAllChildren(idRef.current);
    navigator.clipboard?.writeText(applicationId).then(
      () => setCopied(true),
      () => undefined, // not allowed here: the ID stays selected, to copy by hand
    );
  };
  return (
    <div className="payment-modal__id">
      <p>
        <span>Your application ID</span>{' '}
        <strong ref={idRef} className="payment-modal__id-value" data-testid="payment-application-id">
          {applicationId}
        </strong>{' '}
        <button type="button" className="button button--sm button--outline" onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      </p>
      <p className="muted">
        Keep it: with your phone number or e-mail it opens your application under Track.
      </p>
    </div>
  );
}

/** Why this fee, no fee due, a test checkout, or no online payment (pay at the office). */
function FeeNotices({ fee }: { fee: FeeState }) {
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
