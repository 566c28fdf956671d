import { useFormik, type FormikProps } from 'formik';
import { Link } from 'react-router-dom';
import { notify } from '@/lib/notify';
import {
  errorMessage,
  fieldErrors,
  messageAt,
  nestedErrors,
  useFocusFirstInvalid,
  useAdminTitle,
  AsyncView,
  PageHeader,
  useAdminQuery,
  useInvalidate,
} from '@/features/admin-shell';
import { type FeePolicy, type FeeRule, getFeePolicy, saveFeePolicy } from '../api/fees';
import { feeFieldId, feePolicyBody, feePolicySchema, feeRules, fieldOrder, type RuleKind } from './fee-rules';

type FeeForm = FormikProps<FeePolicy>;

const EMPTY_RULE: FeeRule = { match: '', amount: null, reason: '' };

/** id, aria-invalid and aria-describedby of the field at `path`. */
function a11y(form: FeeForm, path: string) {
  const invalid = Boolean(messageAt(form.errors, path));
  return {
    id: feeFieldId(path),
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': invalid ? `${feeFieldId(path)}-error` : undefined,
  };
}

function ErrorText({ form, path }: { form: FeeForm; path: string }) {
  const text = messageAt(form.errors, path);
  return text ? (
    <p className="admin-error" id={`${feeFieldId(path)}-error`}>
      {text}
    </p>
  ) : null;
}

/** An amount as typed; empty means no fee (null), as the API takes it. */
const amountOf = (text: string) => (text.trim() === '' ? null : text);

function MatchControl({ form, kind, index }: { form: FeeForm; kind: RuleKind; index: number }) {
  const path = `${kind}.${index}.match`;
  const value = form.values[kind][index]?.match ?? '';
  const onChange = (e: { target: { value: string } }) => void form.setFieldValue(path, e.target.value);
  if (kind === 'jobs') return <input {...a11y(form, path)} value={value} onChange={onChange} />;
  return (
    <select {...a11y(form, path)} value={value} onChange={onChange}>
      <option value="">Choose a country</option>
      {form.values.countriesOffered.map((country) => (
        <option key={country} value={country}>
          {country}
        </option>
      ))}
    </select>
  );
}

function RuleRow({ form, kind, index }: { form: FeeForm; kind: RuleKind; index: number }) {
  const id = `fee-${kind}-${index}`;
  const path = (field: string) => `${kind}.${index}.${field}`;
  const rule = form.values[kind][index] ?? EMPTY_RULE;
  return (
    <div className="admin-form admin-form--grid admin-card" data-testid={id}>
      <div className="admin-field">
        <label htmlFor={`${id}-match`}>{kind === 'countries' ? 'Destination country' : 'Job ID'}</label>
        <MatchControl form={form} kind={kind} index={index} />
        <ErrorText form={form} path={path('match')} />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-amount`}>Fee (leave empty for no fee)</label>
        <input
          {...a11y(form, path('amount'))}
          inputMode="decimal"
          value={rule.amount ?? ''}
          onChange={(e) => void form.setFieldValue(path('amount'), amountOf(e.target.value))}
        />
        <ErrorText form={form} path={path('amount')} />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-reason`}>Reason shown to the applicant</label>
        <input
          {...a11y(form, path('reason'))}
          maxLength={feeRules.reasonMaxLength}
          value={rule.reason}
          onChange={(e) => void form.setFieldValue(path('reason'), e.target.value)}
        />
        <ErrorText form={form} path={path('reason')} />
      </div>
      <button
        type="button"
        className="admin-button"
        onClick={() =>
          void form.setFieldValue(
            kind,
            form.values[kind].filter((_, i) => i !== index),
          )
        }
      >
        Remove rule
      </button>
    </div>
  );
}

function RuleRows({ form, kind }: { form: FeeForm; kind: RuleKind }) {
  return (
    <>
      {form.values[kind].map((_, index) => (
        <RuleRow key={`fee-${kind}-${index}`} form={form} kind={kind} index={index} />
      ))}
      <button
        type="button"
        className="admin-button"
        onClick={() => void form.setFieldValue(kind, [...form.values[kind], { ...EMPTY_RULE }])}
      >
        {kind === 'countries' ? 'Add a country rule' : 'Add a job rule'}
      </button>
    </>
  );
}

function DefaultFee({ form }: { form: FeeForm }) {
  return (
    <fieldset className="admin-card">
      <legend className="h3">Default fee</legend>
      <p className="admin-muted admin-small">
        Amounts in {form.values.currency}. Each application owes the fee decided when it is submitted: a
        change here applies to applications submitted from now on.
      </p>
      <div className="admin-field">
        <label htmlFor="fee-default-amount">Default fee (leave empty for no fee)</label>
        <input
          {...a11y(form, 'defaultAmount')}
          inputMode="decimal"
          value={form.values.defaultAmount ?? ''}
          onChange={(e) => void form.setFieldValue('defaultAmount', amountOf(e.target.value))}
        />
        <ErrorText form={form} path="defaultAmount" />
      </div>
      <div className="admin-field">
        <label htmlFor="fee-default-reason">Reason shown with the default fee (optional)</label>
        <input
          {...a11y(form, 'defaultReason')}
          maxLength={feeRules.reasonMaxLength}
          value={form.values.defaultReason}
          onChange={(e) => void form.setFieldValue('defaultReason', e.target.value)}
        />
        <ErrorText form={form} path="defaultReason" />
      </div>
    </fieldset>
  );
}

function FeePolicyForm({ initial }: { initial: FeePolicy }) {
  const invalidate = useInvalidate();
  // Checked on submit only (as the server checks); the messages stay until the next submit.
  const form: FeeForm = useFormik<FeePolicy>({
    initialValues: initial,
    validationSchema: feePolicySchema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      try {
        helpers.resetForm({ values: await saveFeePolicy(feePolicyBody(values)) });
        void notify('Fee policy saved', 'success');
        invalidate(['fee-policy'], ['audit']);
      } catch (error) {
        helpers.setErrors(nestedErrors<FeePolicy>(fieldErrors(error) ?? {}));
        void notify(errorMessage(error, 'Failed to save the fee policy'), 'error');
      }
    },
  });
  useFocusFirstInvalid(form, fieldOrder(form.values), feeFieldId);

  return (
    <form className="admin-form" onSubmit={form.handleSubmit} noValidate>
      <DefaultFee form={form} />
      <fieldset className="admin-card">
        <legend className="h3">By destination country</legend>
        <RuleRows form={form} kind="countries" />
      </fieldset>
      <fieldset className="admin-card">
        <legend className="h3">By job (comes before the country)</legend>
        <p className="admin-muted admin-small">
          The job&apos;s ID is on the <Link to="/admin/jobs">Jobs</Link> page.
        </p>
        <RuleRows form={form} kind="jobs" />
      </fieldset>
      <fieldset className="admin-card">
        <legend className="h3">Refund rules</legend>
        <div className="admin-field">
          <label htmlFor="fee-refund-rules">Refund rules (shown on the Terms page)</label>
          <textarea
            {...a11y(form, 'refundRules')}
            rows={4}
            maxLength={feeRules.refundRulesMaxLength}
            value={form.values.refundRules}
            onChange={(e) => void form.setFieldValue('refundRules', e.target.value)}
          />
          <ErrorText form={form} path="refundRules" />
        </div>
      </fieldset>
      <button type="submit" className="admin-button admin-button--primary" disabled={form.isSubmitting}>
        {form.isSubmitting ? 'Saving...' : 'Save fee policy'}
      </button>
    </form>
  );
}

/** /admin/fees: the fee policy staff keep in the admin settings (every change is audited). */
export default function FeePolicyPage() {
  useAdminTitle('Fee policy');
  const [state, reload] = useAdminQuery({ key: ['fee-policy'], load: getFeePolicy });
  return (
    <>
      <PageHeader title="Fee policy">
        <Link className="admin-button" to="/admin/settings">
          Settings
        </Link>
      </PageHeader>
      <AsyncView state={state} onRetry={reload}>
        {(policy) => <FeePolicyForm initial={policy} />}
      </AsyncView>
    </>
  );
}
