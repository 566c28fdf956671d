/**
 * An order's Labour Department approval reference and, for domestic work in a GCC household, its
 * compliance override: what is recorded (who and when), and the form that records it.
 */
import { Form, Formik } from 'formik';
import type { ReactNode } from 'react';
import * as yup from 'yup';
import { formatDateTime } from '@/features/admin-shell';
import { recordOverride, setApproval, type ApprovalKind, type Order } from './api/orders';
import { REQUIRED, SelectField, TextField, saveWith } from '@/features/admin-forms';

const KINDS: Record<ApprovalKind, string> = { labour_certificate: 'Labour certificate', mou: 'MoU' };
const MIN_REASON = 10;

interface ActionProps {
  order: Order;
  onSaved: (order: Order) => void;
  onConflict: (message: string) => void;
}

function Recorded({ what, by, at }: { what: string; by: string; at: string }) {
  return (
    <p>
      {what}
      <span className="admin-muted">{` — recorded by ${by}, ${formatDateTime(at)}`}</span>
    </p>
  );
}

/** A small form that records one thing on the order (with the version it was made on), then is emptied. */
function RecordForm<V extends Record<string, string>>({
  initial,
  schema,
  send,
  button,
  children,
  onSaved,
  onConflict,
}: Omit<ActionProps, 'order'> & {
  initial: V;
  schema: yup.AnyObjectSchema;
  send: (values: V) => Promise<Order>;
  button: string;
  children: ReactNode;
}) {
  return (
    <Formik<V>
      initialValues={initial}
      enableReinitialize
      validationSchema={schema}
      validateOnChange={false}
      validateOnBlur={false}
      onSubmit={async (values, helpers) => {
        const saved = await saveWith(helpers, () => send(values), onConflict);
        if (!saved) return;
        helpers.resetForm();
        onSaved(saved);
      }}
    >
      {({ isSubmitting }) => (
        <Form className="admin-form admin-form--grid" noValidate>
          {children}
          <div className="admin-actions admin-field--full">
            <button type="submit" className="admin-button admin-button--primary" disabled={isSubmitting}>
              {button}
            </button>
          </div>
        </Form>
      )}
    </Formik>
  );
}

const approvalSchema = yup.object({ reference: yup.string().trim().required(REQUIRED) });

export function ApprovalSection({ order, ...actions }: ActionProps) {
  const { approval } = order;
  return (
    <section className="admin-card" aria-labelledby="order-approval">
      <h2 id="order-approval">Labour Department approval</h2>
      {approval ? (
        <Recorded
          what={`${KINDS[approval.kind]} ${approval.reference}`}
          by={approval.recordedBy}
          at={approval.recordedAt}
        />
      ) : (
        <p className="admin-muted">
          No approval reference yet: a job linked to this order cannot be published.
        </p>
      )}
      <RecordForm
        {...actions}
        initial={{ kind: approval?.kind ?? 'labour_certificate', reference: '' }}
        schema={approvalSchema}
        send={(values) => setApproval(order.id, values.kind, values.reference.trim(), order.version)}
        button={approval ? 'Replace the approval' : 'Record the approval'}
      >
        <SelectField form="approval" name="kind" label="Kind">
          <option value="labour_certificate">{KINDS.labour_certificate}</option>
          <option value="mou">{KINDS.mou}</option>
        </SelectField>
        <TextField form="approval" name="reference" label="Approval reference" />
      </RecordForm>
    </section>
  );
}

const overrideSchema = yup.object({
  reason: yup
    .string()
    .trim()
    .required(REQUIRED)
    .min(MIN_REASON, `Give the reason in at least ${MIN_REASON} characters`),
});

export function OverrideSection({ order, ...actions }: ActionProps) {
  const { override } = order;
  return (
    <section className="admin-card" aria-labelledby="order-override">
      <h2 id="order-override">Domestic work: compliance override</h2>
      {override ? (
        <Recorded what={override.reason} by={override.recordedBy} at={override.recordedAt} />
      ) : (
        <p className="admin-muted">None recorded.</p>
      )}
      <RecordForm
        {...actions}
        initial={{ reason: '' }}
        schema={overrideSchema}
        send={(values) => recordOverride(order.id, values.reason.trim(), order.version)}
        button="Record the override"
      >
        <TextField form="override" name="reason" label="Reason for the override" full />
      </RecordForm>
    </section>
  );
}
