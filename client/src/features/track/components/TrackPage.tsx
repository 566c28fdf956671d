import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHero } from '@/components/ui/PageHero';
import { ApiError } from '@/lib/api-client';
import { usePageMeta } from '@/lib/use-page-meta';
import {
  stopWhatsAppUpdates,
  trackApplication,
  type ApplicationStatus,
  type TrackedApplication,
  type TrackedMessage,
  type TrackedPayment,
} from '../api/track-application';
import './track.css';

export const TRACK_FAILURE = 'Could not check your application. Please try again.';

export const STATUS_LABELS: Record<ApplicationStatus, string> = {
  received: 'Received',
  processing: 'Processing',
  approved: 'Approved',
  rejected: 'Not successful',
};

const STATUS_NOTES: Record<ApplicationStatus, string> = {
  received: 'We have your application and will reply within 48 hours.',
  processing: 'Our team is processing your application. This takes 2-3 business days.',
  approved: 'Your application has been approved. Our team will call you with the next steps.',
  rejected: 'We cannot take this application further. We will contact you about future openings.',
};

// Made at the first answer shown, not when the page loads: creating it loads the locale's data.
let dateTime: Intl.DateTimeFormat | undefined;

const PAYMENT_LABELS: Record<TrackedPayment['status'], string> = {
  unpaid: 'Processing fee not paid yet',
  pending: 'Payment pending',
  paid: 'Processing fee paid',
  failed: 'Payment failed',
  none: 'No processing fee for this application',
};

function paymentLabel(payment: TrackedPayment | null): string {
  return payment ? PAYMENT_LABELS[payment.status] : 'No payment recorded';
}

function when(iso: string): string {
  dateTime ??= new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Africa/Accra',
  });
  return `${dateTime.format(new Date(iso))} (Ghana time)`;
}

function refundText(payment: TrackedPayment): string {
  return `${payment.refundStatus === 'refunded' ? 'Refunded' : 'Partly refunded'}: ${payment.refunded}`;
}

/** The payment line: its state, why this fee, any refund and the receipt link. */
function PaymentFacts({ payment }: { payment: TrackedPayment | null }) {
  return (
    <>
      {paymentLabel(payment)}
      {payment?.reason ? <span className="track-payment-reason"> ({payment.reason})</span> : null}
      {payment?.refundStatus ? <span data-testid="track-refund"> ({refundText(payment)})</span> : null}
      {payment?.receiptUrl ? (
        <>
          {' '}
          <a href={payment.receiptUrl} target="_blank" rel="noopener noreferrer">
            View receipt {payment.receiptNumber}
          </a>
        </>
      ) : null}
    </>
  );
}

/** The deployment stage after approval, in plain words, and what the applicant does or brings next. */
function StageFacts({ stage }: { stage: TrackedApplication['stage'] }) {
  if (!stage) return null;
  return (
    <div className="track-stage" data-testid="track-stage">
      <p>
        Stage: <strong>{stage.label}</strong> (since <time dateTime={stage.since}>{when(stage.since)}</time>)
      </p>
      <p>
        <strong>What to do next:</strong> {stage.nextStep}
      </p>
    </div>
  );
}

function jobText(job: TrackedApplication['job']): string {
  return job ? job.title || job.id : 'No specific job opening';
}

export const WHATSAPP_STOP = 'Stop WhatsApp updates';
export const WHATSAPP_STOPPED = 'WhatsApp updates are stopped: your updates come by SMS.';

/** Offered while the application's phone gets WhatsApp updates; sends the proof the page tracked with. */
function WhatsAppUpdates({ applicationId, contact }: { applicationId: string; contact: string }) {
  const [state, setState] = useState<'on' | 'busy' | 'stopped' | 'failed'>('on');
  const stop = async () => {
    setState('busy');
    try {
      await stopWhatsAppUpdates(applicationId, contact);
      setState('stopped');
    } catch {
      setState('failed');
    }
  };
  if (state === 'stopped') return <p role="status">{WHATSAPP_STOPPED}</p>;
  return (
    <p className="track-whatsapp">
      You get updates on WhatsApp.{' '}
      <button
        type="button"
        className="button button--outline button--sm"
        onClick={stop}
        disabled={state === 'busy'}
      >
        {WHATSAPP_STOP}
      </button>
      {state === 'failed' ? (
        <span className="field__error" role="alert">
          {' '}
          Could not stop them. Please try again.
        </span>
      ) : null}
    </p>
  );
}

function Result({ tracked, contact }: { tracked: TrackedApplication; contact: string }) {
  return (
    <section className="card track-result" aria-labelledby="track-result-title" aria-live="polite">
      <h2 id="track-result-title">Application {tracked.applicationId}</h2>
      <p className={`track-status track-status--${tracked.status}`}>
        Status: <strong>{STATUS_LABELS[tracked.status]}</strong>
      </p>
      {tracked.stage ? null : <p>{STATUS_NOTES[tracked.status]}</p>}
      <StageFacts stage={tracked.stage} />
      <dl className="track-facts">
        <dt>Job category</dt>
        <dd>{tracked.jobCategory}</dd>
        <dt>Preferred country</dt>
        <dd>{tracked.preferredCountry}</dd>
        <dt>Job</dt>
        <dd data-testid="track-job">{jobText(tracked.job)}</dd>
        <dt>Payment</dt>
        <dd data-testid="track-payment">
          <PaymentFacts payment={tracked.payment} />
        </dd>
      </dl>
      <h3>History</h3>
      <ol className="track-history">
        {tracked.history.map((change) => (
          <li key={`${change.status}-${change.at}`}>
            <strong>{STATUS_LABELS[change.status]}</strong>{' '}
            <time dateTime={change.at}>{when(change.at)}</time>
          </li>
        ))}
      </ol>
      <Messages messages={tracked.messages} />
      {tracked.whatsappUpdates ? (
        <WhatsAppUpdates applicationId={tracked.applicationId} contact={contact} />
      ) : null}
    </section>
  );
}

function Messages({ messages }: { messages: TrackedMessage[] }) {
  if (!messages.length) return null;
  return (
    <>
      <h3>Text messages</h3>
      <ul className="track-messages" data-testid="track-messages">
        {messages.map((message, index) => (
          <li key={`${message.at}-${String(index)}`}>
            Text message of <time dateTime={message.at}>{when(message.at)}</time>:{' '}
            <strong className={`track-delivery track-delivery--${message.delivery.replace(' ', '-')}`}>
              {message.delivery}
            </strong>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The form's own checks: both fields are required. */
function missingFields(applicationId: string, contact: string): Record<string, string> {
  const local: Record<string, string> = {};
  if (!applicationId.trim()) local.applicationId = 'Application ID is required';
  if (!contact.trim()) local.contact = 'Phone number or email is required';
  return local;
}

/** A failed lookup: the 422's field messages, or one line for the form. */
function failureOf(error: unknown): { errors: Record<string, string> } | { message: string } {
  if (error instanceof ApiError && error.status === 422) {
    return { errors: (error.body as { errors?: Record<string, string> } | null)?.errors ?? {} };
  }
  return { message: error instanceof ApiError && error.status !== 500 ? error.message : TRACK_FAILURE };
}

function TrackInput({
  id,
  label,
  error,
  ...input
}: {
  id: string;
  label: string;
  error: string | undefined;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  placeholder?: string;
  autoComplete?: string;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="field field--wide">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** /track: an applicant enters their application ID and the phone number or e-mail they applied with. */
export default function TrackPage() {
  usePageMeta(
    'Track Your Application',
    'Check the status of your job application with your application ID and phone number or email.',
  );
  const [params] = useSearchParams();
  const [applicationId, setApplicationId] = useState(params.get('id') ?? '');
  const [contact, setContact] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [tracked, setTracked] = useState<TrackedApplication | null>(null);
  const [trackedWith, setTrackedWith] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const local = missingFields(applicationId, contact);
    setErrors(local);
    setMessage('');
    setTracked(null);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      setTracked(await trackApplication(applicationId.trim(), contact.trim()));
      setTrackedWith(contact.trim());
    } catch (error) {
      const failure = failureOf(error);
      if ('errors' in failure) setErrors(failure.errors);
      else setMessage(failure.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHero
        eyebrow="Applicants"
        title="Track Your Application"
        lead="Enter your application ID and the phone number or email you applied with."
      />
      <section className="section section--tint">
        <div className="container track-layout">
          <form
            className="card form-card form-grid"
            onSubmit={onSubmit}
            noValidate
            aria-label="Track application form"
          >
            <TrackInput
              id="track-id"
              label="Application ID"
              name="applicationId"
              value={applicationId}
              onChange={(e) => setApplicationId(e.target.value)}
              placeholder="VA1763800000123"
              error={errors.applicationId}
            />
            <TrackInput
              id="track-contact"
              label="Phone number or email"
              name="contact"
              value={contact}
              onChange={(e) => setContact(e.target.value)}
              autoComplete="email"
              error={errors.contact}
            />
            <button type="submit" className="button button--primary field--wide" disabled={busy}>
              {busy ? 'Checking...' : 'Track Application'}
            </button>
            {message ? (
              <p className="field__error field--wide" role="alert">
                {message}
              </p>
            ) : null}
          </form>
          {tracked ? <Result tracked={tracked} contact={trackedWith} /> : null}
        </div>
      </section>
    </>
  );
}
