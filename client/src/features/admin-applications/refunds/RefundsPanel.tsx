import { useFormik } from 'formik';
import { useState } from 'react';
import { notify } from '@/lib/notify';
import {
  errorMessage,
  fieldErrors,
  useConfirm,
  formatDateTime,
  humanize,
  AsyncView,
  useAdminQuery,
  useInvalidate,
} from '@/features/admin-shell';
import { type Refunds, getRefunds, requestRefund } from '../api/refunds';

/** What the toast says of the refund just asked for: done at once (the demo's test checkout) or on its way. */
function refundDone(refunds: Refunds): string {
  const last = refunds.items.at(-1);
  return last?.state === 'processed' ? `Refunded ${last.label}` : 'Refund sent to Paystack';
}

function RefundForm({
  applicationId,
  refunds,
  onChanged,
}: {
  applicationId: string;
  refunds: Refunds;
  /** The refunds as they are now (the answer of the request, or read again after a refusal). */
  onChanged: (refunds: Refunds) => void;
}) {
  const [sending, setSending] = useState(false);
  const { dialog, confirm } = useConfirm();
  // The server checks the amount against what remains: its 422 messages go on the fields, and
  // what staff typed stays for them to correct (the form stays mounted: no reload shows "Loading").
  const form = useFormik({
    initialValues: { amount: '', reason: '' },
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      const amount = values.amount.trim()
        ? `${values.amount.trim()} ${refunds.currency ?? ''}`.trim()
        : `all that remains (${refunds.refundable} ${refunds.currency ?? ''})`.trim();
      const confirmed = await confirm({
        title: 'Refund the processing fee?',
        description: `Refund ${amount} to the applicant, who is told by SMS and e-mail. Money sent back cannot be taken back.`,
        confirmLabel: 'Refund',
        danger: true,
      });
      if (!confirmed) return;
      setSending(true);
      try {
        const after = await requestRefund(applicationId, values);
        helpers.resetForm();
        void notify(refundDone(after), 'success');
        onChanged(after);
      } catch (error) {
        helpers.setErrors(fieldErrors(error) ?? {});
        void notify(errorMessage(error, 'The refund could not be made'), 'error');
        // A refund the gateway refused is recorded as failed: show it, keeping the form as typed.
        getRefunds(applicationId).then(onChanged, () => undefined);
      } finally {
        setSending(false);
      }
    },
  });
  const { values, errors } = form;

  return (
    <>
      {dialog}
      <form
        className="admin-form"
        onSubmit={form.handleSubmit}
        noValidate
        aria-label="Refund the processing fee"
      >
        <div className="admin-field">
          <label htmlFor="refund-amount">
            Amount to refund ({refunds.currency}; leave empty for all that remains: {refunds.refundable})
          </label>
          <input
            id="refund-amount"
            inputMode="decimal"
            value={values.amount}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errors.amount ? 'refund-amount-error' : undefined}
            onChange={(e) => void form.setFieldValue('amount', e.target.value)}
          />
          {errors.amount ? (
            <p className="admin-error" id="refund-amount-error">
              {errors.amount}
            </p>
          ) : null}
        </div>
        <div className="admin-field">
          <label htmlFor="refund-reason">Reason for the refund</label>
          <input
            id="refund-reason"
            maxLength={500}
            value={values.reason}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? 'refund-reason-error' : undefined}
            onChange={(e) => void form.setFieldValue('reason', e.target.value)}
          />
          {errors.reason ? (
            <p className="admin-error" id="refund-reason-error">
              {errors.reason}
            </p>
          ) : null}
        </div>
        <button type="submit" className="admin-button admin-button--danger" disabled={sending}>
          {sending ? 'Refunding...' : 'Refund'}
        </button>
      </form>
    </>
  );
}

/** The application's refunds and, for a paid fee with something left, the form that refunds it. */
export function RefundsPanel({ applicationId }: { applicationId: string }) {
  const [state, reload] = useAdminQuery({
    key: ['refunds', applicationId],
    load: (signal) => getRefunds(applicationId, signal),
  });
  const [changed, setChanged] = useState<Refunds | null>(null);
  const invalidate = useInvalidate();
  // A refund changes the payment the applicant's page and the lists show.
  const onChanged = (refunds: Refunds) => {
    setChanged(refunds);
    invalidate(['applications']);
  };
  const shown = state.status === 'success' && changed ? { status: 'success' as const, data: changed } : state;
  return (
    <section className="admin-card" aria-labelledby="refunds-heading">
      <h2 id="refunds-heading">Refunds</h2>
      <AsyncView state={shown} onRetry={reload}>
        {(refunds) => (
          <>
            <p data-testid="refund-status">
              {refunds.refundStatus ? humanize(refunds.refundStatus) : 'Nothing refunded'}
            </p>
            {refunds.items.length ? (
              <ul>
                {refunds.items.map((item) => (
                  <li key={item.id}>
                    {item.label}: {humanize(item.state)} ({item.reason}, {formatDateTime(item.createdAt)})
                  </li>
                ))}
              </ul>
            ) : null}
            {refunds.payment === 'paid' && refunds.refundable !== '0' ? (
              <RefundForm applicationId={applicationId} refunds={refunds} onChanged={onChanged} />
            ) : null}
          </>
        )}
      </AsyncView>
    </section>
  );
}
