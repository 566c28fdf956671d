import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/forms/toast';
import { snackbarHost } from '@/lib/notify';
import { usePageMeta } from '@/lib/use-page-meta';
import { useResource, type ResourceState } from '@/lib/use-resource';
import { PAYMENT_SUCCESS } from './PaymentModal';
import { verifyPayment, type PaymentStatus } from '../api/payments';
import { useCheckout } from '../lib/use-checkout';

type View =
  | { kind: 'checking' }
  | { kind: 'done'; status: PaymentStatus }
  | { kind: 'error'; message: string; notFound: boolean };

export const RESULT_TEXTS = {
  checking: 'Checking your payment with Paystack...',
  paidTitle: 'Payment received',
  pendingTitle: 'Your payment is not confirmed yet',
  pendingText:
    'Paystack has not confirmed this payment yet (mobile money can take a few minutes). Check ' +
    'again shortly; nothing is lost, and please do not pay twice.',
  failedTitle: 'Your payment did not go through',
  failedText: 'No money was taken for this attempt. You can try again, or pay at our office.',
  errorTitle: 'We could not check your payment',
  notFoundTitle: 'We could not find this payment',
  notFoundText: 'The link may be incomplete. If you paid, contact us with your application ID.',
} as const;

/** What the page shows for the verification's state (no reference at all: not found). */
function viewOf(state: ResourceState<PaymentStatus | null>): View {
  if (state.status === 'loading') return { kind: 'checking' };
  if (state.status === 'success') {
    return state.data
      ? { kind: 'done', status: state.data }
      : { kind: 'error', message: RESULT_TEXTS.notFoundText, notFound: true };
  }
  const notFound = state.error instanceof ApiError && state.error.status === 404;
  const message = state.error instanceof Error ? state.error.message : String(state.error);
  return { kind: 'error', message: notFound ? RESULT_TEXTS.notFoundText : message, notFound };
}

function titleOf(view: View): string {
  if (view.kind === 'checking') return RESULT_TEXTS.checking;
  if (view.kind === 'error') return view.notFound ? RESULT_TEXTS.notFoundTitle : RESULT_TEXTS.errorTitle;
  if (view.status.state === 'paid') return RESULT_TEXTS.paidTitle;
  return view.status.state === 'failed' ? RESULT_TEXTS.failedTitle : RESULT_TEXTS.pendingTitle;
}

/**
 * The paid page keeps its promises (issue 43): the application ID to read or copy, the receipt
 * (its link carries the token only the server makes; this page has it because it holds the
 * payment's own reference) and the way to follow the application.
 */
function PaidBody({ status }: { status: PaymentStatus }) {
  return (
    <>
      <p>
        We have received your processing fee of{' '}
        <strong>
          {status.amount} {status.currency}
        </strong>{' '}
        for application <strong>{status.applicationId}</strong>. A receipt is on its way by SMS.
      </p>
      <p className="payment-result__id">
        Your application ID{' '}
        <strong className="payment-modal__id-value" data-testid="paid-application-id">
          {status.applicationId}
        </strong>
      </p>
      <p className="muted">
        Keep it: with your phone number or e-mail it opens your application on{' '}
        <Link to={paths.track}>Track</Link>.
      </p>
      <p className="muted">Payment reference: {status.reference}</p>
      <div className="button-row">
        {status.receiptUrl ? (
          <a
            href={status.receiptUrl}
            className="button button--gold"
            target="_blank"
            rel="noopener noreferrer"
          >
            View your receipt
          </a>
        ) : null}
        <Link
          to={`${paths.track}?id=${encodeURIComponent(status.applicationId)}`}
          className="button button--outline"
        >
          Track your application
        </Link>
        <Link to={paths.home} className="button button--primary">
          Back to Home
        </Link>
      </div>
    </>
  );
}

function FailedBody({
  status,
  retrying,
  onRetry,
}: {
  status: PaymentStatus;
  retrying: boolean;
  onRetry: (applicationId: string) => Promise<void>;
}) {
  return (
    <>
      <p>{RESULT_TEXTS.failedText}</p>
      <p className="muted">Application ID: {status.applicationId}</p>
      <div className="button-row">
        <button
          type="button"
          className="button button--gold"
          disabled={retrying}
          onClick={() => void onRetry(status.applicationId)}
        >
          {retrying ? 'Redirecting...' : 'Try again'}
        </button>
        <ContactUs className="button button--outline" />
      </div>
    </>
  );
}

function PendingBody({ status, onCheckAgain }: { status: PaymentStatus; onCheckAgain: () => void }) {
  return (
    <>
      <p>{RESULT_TEXTS.pendingText}</p>
      <p className="muted">Application ID: {status.applicationId}</p>
      <div className="button-row">
        <CheckAgain onClick={onCheckAgain} />
        <ContactUs className="button button--outline" />
      </div>
    </>
  );
}

/** A verified answer: paid, failed (try again) or still pending (check again). */
function DoneBody({
  status,
  retrying,
  onRetry,
  onCheckAgain,
}: {
  status: PaymentStatus;
  retrying: boolean;
  onRetry: (applicationId: string) => Promise<void>;
  onCheckAgain: () => void;
}) {
  if (status.state === 'paid') return <PaidBody status={status} />;
  if (status.state === 'failed') return <FailedBody status={status} retrying={retrying} onRetry={onRetry} />;
  return <PendingBody status={status} onCheckAgain={onCheckAgain} />;
}

function ErrorBody({
  view,
  onCheckAgain,
}: {
  view: Extract<View, { kind: 'error' }>;
  onCheckAgain: () => void;
}) {
  return (
    <>
      <p role="alert">{view.message}</p>
      <div className="button-row">
        {view.notFound ? (
          <ContactUs className="button button--primary" />
        ) : (
          <CheckAgain onClick={onCheckAgain} />
        )}
      </div>
    </>
  );
}

/**
 * Where Paystack sends the applicant back (`/payment/callback?reference=...`): asks the server
 * to verify, and shows the spec's success toast only for a verified payment.
 */
export default function PaymentResultPage() {
  usePageMeta('Payment', 'The result of your processing fee payment.');
  const [params] = useSearchParams();
  const reference = params.get('reference') ?? params.get('trxref') ?? '';
  const [state, reload] = useResource(
    (signal) => (reference ? verifyPayment(reference, signal) : Promise.resolve(null)),
    reference,
  );
  const view = viewOf(state);
  const { starting: retrying, error: retryError, checkout } = useCheckout();
  const toasted = useRef(false);

  const paid = view.kind === 'done' && view.status.state === 'paid' ? view.status : null;
  useEffect(() => {
    if (!paid || toasted.current) return;
    toasted.current = true;
    void snackbarHost().then(() =>
      toast(PAYMENT_SUCCESS, 'success', `Your application ID: ${paid.applicationId}`),
    );
  }, [paid]);

  const title = titleOf(view);
  const body =
    view.kind === 'done' ? (
      <DoneBody status={view.status} retrying={retrying} onRetry={checkout} onCheckAgain={reload} />
    ) : view.kind === 'error' ? (
      <ErrorBody view={view} onCheckAgain={reload} />
    ) : null;

  return (
    <section className="container section payment-result" aria-live="polite">
      <h1 data-state={view.kind === 'done' ? view.status.state : view.kind}>{title}</h1>
      {body}
      {retryError ? <p role="alert">{retryError}</p> : null}
    </section>
  );
}

function ContactUs({ className }: { className: string }) {
  return (
    <Link to={paths.contact} className={className}>
      Contact Us
    </Link>
  );
}

function CheckAgain({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="button button--primary" onClick={onClick}>
      Check again
    </button>
  );
}
