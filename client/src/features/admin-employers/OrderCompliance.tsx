/**
 * An order's Labour Department approval reference and, for domestic work in a GCC household, its
 * compliance override: what is recorded (who and when), and the form that records it.
 */
import { Form, Formik } from 'formik';
import * as yup from 'yup';
import { formatDateTime } from '@/features/admin-shell';
import { recordOverride, setApproval, type ApprovalKind, type Order } from './api/employers';
import { REQUIRED } from './employer-form';
import { SelectField, TextField } from './fields';
import { saveWith } from './save';

const KINDS: Record<ApprovalKind, string> = { labour_certificate: 'Labour certificate', mou: 'MoU' };
const MIN_REASON = 10;

interface ActionProps {
  order: Order;
  onSaved: (order: Order) => void;
  onConflict: (message: string) => void;
}

const approvalSchema = yup.object({ reference: yup.string().trim().required(REQUIRED) });

export function ApprovalSection({ order, onSaved, onConflict }: ActionProps) {
  const { approval } = order;
  return (
    <section className="admin-card" aria-labelledby="order-approval">
      <h2 id="order-approval">Labour Department approval</h2>
      {approval ? (
        <p>
          {`${KINDS[approval.kind]} ${approval.reference}`}
          <span className="admin-muted">{` — recorded by ${approval.recordedBy}, ${formatDateTime(approval.recordedAt)}`}</span>
        </p>
      ) : (
        <p className="admin-muted">
          No approval reference yet: a job linked to this order cannot be published.
        </p>
      )}
      <Formik
        initialValues={{ kind: approval?.kind ?? 'labour_certificate', reference: '' }}
        validationSchema={approvalSchema}
        validateOnChange={false}
        validateOnBlur={false}
        onSubmit={async (values, helpers) => {
          const call = () => setApproval(order.id, values.kind, values.reference.trim(), order.version);
          const saved = await saveWith(helpers, call, onConflict);
          if (saved) {
            helpers.resetForm({ values: { kind: saved.approval?.kind ?? values.kind, reference: '' } });
            onSaved(saved);
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form className="admin-form admin-form--grid" noValidate>
            <SelectField form="approval" name="kind" label="Kind">
              <option value="labour_certificate">{KINDS.labour_certificate}</option>
              <option value="mou">{KINDS.mou}</option>
            </SelectField>
            <TextField form="approval" name="reference" label="Approval reference" />
            <div className="admin-actions admin-field--full">
              <button type="submit" className="admin-button admin-button--primary" disabled={isSubmitting}>
                {approval ? 'Replace the approval' : 'Record the approval'}
              </button>
            </div>
          </Form>
        )}
      </Formik>
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

export function OverrideSection({ order, onSaved, onConflict }: ActionProps) {
  const { override } = order;
  return (
    <section className="admin-card" aria-labelledby="order-override">
      <h2 id="order-override">Domestic work: compliance override</h2>
      {override ? (
        <p>
          {override.reason}
          <span className="admin-muted">{` — recorded by ${override.recordedBy}, ${formatDateTime(override.recordedAt)}`}</span>
        </p>
      ) : (
        <p className="admin-muted">None recorded.</p>
      )}
      <Formik
        initialValues={{ reason: '' }}
        validationSchema={overrideSchema}
        validateOnChange={false}
        validateOnBlur={false}
        onSubmit={async (values, helpers) => {
          const saved = await saveWith(
            helpers,
            () => recordOverride(order.id, values.reason.trim(), order.version),
            onConflict,
          );
          if (saved) {
            helpers.resetForm();
            onSaved(saved);
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form className="admin-form" noValidate>
            <TextField form="override" name="reason" label="Reason for the override" full />
            <div className="admin-actions">
              <button type="submit" className="admin-button admin-button--primary" disabled={isSubmitting}>
                Record the override
              </button>
            </div>
          </Form>
        )}
      </Formik>
    </section>
  );
}
