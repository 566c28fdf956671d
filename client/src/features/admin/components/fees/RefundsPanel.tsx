import { useFormik } from 'formik';
import { useState } from 'react';
import { notify } from '@/lib/notify';
import { useResource } from '@/lib/use-resource';
import { errorMessage, fieldErrors } from '../../api/client';
import { type Refunds, getRefunds, requestRefund } from '../../api/fees';
import { formatDateTime, humanize } from '../hooks';
import { AsyncView } from '../ui';

function RefundForm({
  applicationId,
  refunds,
  onDone,
}: {
  applicationId: string;
  refunds: Refunds;
  onDone: () => void;
}) {
  const [sending, setSending] = useState(false);
  // The server checks the amount against what remains: its 422 messages go on the fields.
  const form = useFormik({
    initialValues: { amount: '', reason: '' },
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      setSending(true);
      try {
        await requestRefund(applicationId, values);
        helpers.resetForm();
        void notify('Refund sent to Paystack', 'success');
        onDone();
      } catch (error) {
        helpers.setErrors(fieldErrors(error) ?? {});
        void notify(errorMessage(error, 'The refund could not be made'), 'error');
        onDone();
      } finally {
        setSending(false);
      }
    },
  });
  const { values, errors } = form;

  return (
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
  );
}

/** The application's refunds and, for a paid fee with something left, the form that refunds it. */
export function RefundsPanel({ applicationId }: { applicationId: string }) {
  const [state, reload] = useResource(
    (signal) => getRefunds(applicationId, signal),
    `refunds-${applicationId}`,
  );
  return (
    <section className="admin-card" aria-labelledby="refunds-heading">
      <h2 id="refunds-heading">Refunds</h2>
      <AsyncView state={state} onRetry={reload}>
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
              <RefundForm applicationId={applicationId} refunds={refunds} onDone={reload} />
            ) : null}
          </>
        )}
      </AsyncView>
    </section>
  );
}
