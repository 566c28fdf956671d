import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { notify } from '@/lib/notify';
import { useResource } from '@/lib/use-resource';
import { errorMessage, fieldErrors } from '../../api/client';
import { type FeePolicy, type FeeRule, getFeePolicy, saveFeePolicy } from '../../api/fees';
import { useAdminTitle } from '../hooks';
import { AsyncView, PageHeader } from '../ui';

type RuleKind = 'countries' | 'jobs';

const EMPTY_RULE: FeeRule = { match: '', amount: null, reason: '' };

function ErrorText({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p className="admin-error" id={id}>
      {text}
    </p>
  ) : null;
}

function RuleRows({
  kind,
  rules,
  countries,
  errors,
  onChange,
}: {
  kind: RuleKind;
  rules: FeeRule[];
  countries: string[];
  errors: Record<string, string>;
  onChange: (rules: FeeRule[]) => void;
}) {
  const update = (index: number, change: Partial<FeeRule>) =>
    onChange(rules.map((rule, i) => (i === index ? { ...rule, ...change } : rule)));
  return (
    <>
      {rules.map((rule, index) => {
        const id = `fee-${kind}-${index}`;
        const err = (field: string) => errors[`${kind}.${index}.${field}`];
        return (
          <div className="admin-form admin-form--grid admin-card" key={id} data-testid={id}>
            <div className="admin-field">
              <label htmlFor={`${id}-match`}>{kind === 'countries' ? 'Destination country' : 'Job ID'}</label>
              {kind === 'countries' ? (
                <select
                  id={`${id}-match`}
                  value={rule.match}
                  aria-invalid={err('match') ? true : undefined}
                  onChange={(e) => update(index, { match: e.target.value })}
                >
                  <option value="">Choose a country</option>
                  {countries.map((country) => (
                    <option key={country} value={country}>
                      {country}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={`${id}-match`}
                  value={rule.match}
                  aria-invalid={err('match') ? true : undefined}
                  onChange={(e) => update(index, { match: e.target.value })}
                />
              )}
              <ErrorText id={`${id}-match-error`} text={err('match')} />
            </div>
            <div className="admin-field">
              <label htmlFor={`${id}-amount`}>Fee (leave empty for no fee)</label>
              <input
                id={`${id}-amount`}
                inputMode="decimal"
                value={rule.amount ?? ''}
                aria-invalid={err('amount') ? true : undefined}
                onChange={(e) =>
                  update(index, { amount: e.target.value.trim() === '' ? null : e.target.value })
                }
              />
              <ErrorText id={`${id}-amount-error`} text={err('amount')} />
            </div>
            <div className="admin-field">
              <label htmlFor={`${id}-reason`}>Reason shown to the applicant</label>
              <input
                id={`${id}-reason`}
                maxLength={200}
                value={rule.reason}
                aria-invalid={err('reason') ? true : undefined}
                onChange={(e) => update(index, { reason: e.target.value })}
              />
              <ErrorText id={`${id}-reason-error`} text={err('reason')} />
            </div>
            <button
              type="button"
              className="admin-button"
              onClick={() => onChange(rules.filter((_, i) => i !== index))}
            >
              Remove rule
            </button>
          </div>
        );
      })}
      <button type="button" className="admin-button" onClick={() => onChange([...rules, { ...EMPTY_RULE }])}>
        {kind === 'countries' ? 'Add a country rule' : 'Add a job rule'}
      </button>
    </>
  );
}

function FeePolicyForm({ initial }: { initial: FeePolicy }) {
  const [values, setValues] = useState<FeePolicy>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaving(true);
    try {
      const saved = await saveFeePolicy({
        defaultAmount: values.defaultAmount,
        defaultReason: values.defaultReason,
        countries: values.countries,
        jobs: values.jobs,
        refundRules: values.refundRules,
      });
      setValues(saved);
      setErrors({});
      void notify('Fee policy saved', 'success');
    } catch (error) {
      setErrors(fieldErrors(error) ?? {});
      void notify(errorMessage(error, 'Failed to save the fee policy'), 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="admin-form" onSubmit={onSubmit} noValidate>
      <fieldset className="admin-card">
        <legend className="h3">Default fee</legend>
        <p className="admin-muted admin-small">
          Amounts in {values.currency}. Each application owes the fee decided when it is submitted: a change
          here applies to applications submitted from now on.
        </p>
        <div className="admin-field">
          <label htmlFor="fee-default-amount">Default fee (leave empty for no fee)</label>
          <input
            id="fee-default-amount"
            inputMode="decimal"
            value={values.defaultAmount ?? ''}
            aria-invalid={errors.defaultAmount ? true : undefined}
            onChange={(e) =>
              setValues((v) => ({
                ...v,
                defaultAmount: e.target.value.trim() === '' ? null : e.target.value,
              }))
            }
          />
          <ErrorText id="fee-default-amount-error" text={errors.defaultAmount} />
        </div>
        <div className="admin-field">
          <label htmlFor="fee-default-reason">Reason shown with the default fee (optional)</label>
          <input
            id="fee-default-reason"
            maxLength={200}
            value={values.defaultReason}
            onChange={(e) => setValues((v) => ({ ...v, defaultReason: e.target.value }))}
          />
          <ErrorText id="fee-default-reason-error" text={errors.defaultReason} />
        </div>
      </fieldset>
      <fieldset className="admin-card">
        <legend className="h3">By destination country</legend>
        <RuleRows
          kind="countries"
          rules={values.countries}
          countries={values.countriesOffered}
          errors={errors}
          onChange={(countries) => setValues((v) => ({ ...v, countries }))}
        />
      </fieldset>
      <fieldset className="admin-card">
        <legend className="h3">By job (comes before the country)</legend>
        <p className="admin-muted admin-small">
          The job&apos;s ID is on the <Link to="/admin/jobs">Jobs</Link> page.
        </p>
        <RuleRows
          kind="jobs"
          rules={values.jobs}
          countries={[]}
          errors={errors}
          onChange={(jobs) => setValues((v) => ({ ...v, jobs }))}
        />
      </fieldset>
      <fieldset className="admin-card">
        <legend className="h3">Refund rules</legend>
        <div className="admin-field">
          <label htmlFor="fee-refund-rules">Refund rules (shown on the Terms page)</label>
          <textarea
            id="fee-refund-rules"
            rows={4}
            maxLength={2000}
            value={values.refundRules}
            aria-invalid={errors.refundRules ? true : undefined}
            onChange={(e) => setValues((v) => ({ ...v, refundRules: e.target.value }))}
          />
          <ErrorText id="fee-refund-rules-error" text={errors.refundRules} />
        </div>
      </fieldset>
      <button type="submit" className="admin-button admin-button--primary" disabled={saving}>
        {saving ? 'Saving...' : 'Save fee policy'}
      </button>
    </form>
  );
}

/** /admin/fees: the fee policy staff keep in the admin settings (every change is audited). */
export default function FeePolicyPage() {
  useAdminTitle('Fee policy');
  const [state, reload] = useResource(getFeePolicy, 'fee-policy');
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
