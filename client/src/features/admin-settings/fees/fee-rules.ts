/**
 * The fee policy form's rules from `agency_core.payments.fees` (exported by `make rules` as
 * `feePolicyForm`): the page checks with the very limits and messages the server gives.
 */
import { feePolicyForm } from '@/generated/admin-rules.json';
import * as yup from 'yup';
import type { FeePolicy, FeePolicyInput, FeeRule } from '../api/fees';

export const feeRules = feePolicyForm;
const messages = feeRules.messages;
const amountPattern = new RegExp(`^(?:${feeRules.amountPattern})$`);

export type RuleKind = 'countries' | 'jobs';

/** The body the API takes (the policy without what the server adds: currency, countries offered). */
export function feePolicyBody(values: FeePolicy): FeePolicyInput {
  return {
    defaultAmount: values.defaultAmount,
    defaultReason: values.defaultReason,
    countries: values.countries,
    jobs: values.jobs,
    refundRules: values.refundRules,
  };
}

/** As the server reads a reason: runs of spaces count as one. */
const squeezed = (text: string | undefined) => (text ?? '').split(/\s+/).filter(Boolean).join(' ');

const amount = () =>
  yup
    .string()
    .nullable()
    .test('amount', messages.amountInvalid, (text) => !text?.trim() || amountPattern.test(text.trim()));

const reason = (required: boolean) =>
  yup
    .string()
    .default('')
    .test('required', messages.reasonRequired, (text) => !required || squeezed(text) !== '')
    .test('length', messages.reasonTooLong, (text) => squeezed(text).length <= feeRules.reasonMaxLength);

/** Every rule after the first for the same country or job: the server's "only one rule" message. */
function duplicates(this: yup.TestContext, rules: Pick<FeeRule, 'match'>[] | undefined) {
  const seen = new Set<string>();
  const errors: yup.ValidationError[] = [];
  (rules ?? []).forEach((rule, i) => {
    const match = (rule.match ?? '').trim();
    if (match && seen.has(match))
      errors.push(this.createError({ path: `${this.path}[${i}].match`, message: messages.matchTwice }));
    seen.add(match);
  });
  return errors.length ? new yup.ValidationError(errors) : true;
}

const rules = () =>
  yup
    .array(
      yup.object({
        match: yup.string().default('').trim().required(messages.matchRequired),
        amount: amount(),
        reason: reason(true),
      }),
    )
    .default([])
    .test('once', messages.matchTwice, duplicates);

export const feePolicySchema = yup.object({
  defaultAmount: amount(),
  defaultReason: reason(false),
  countries: rules(),
  jobs: rules(),
  refundRules: yup
    .string()
    .default('')
    .trim()
    .required(messages.refundRulesRequired)
    .max(feeRules.refundRulesMaxLength, messages.refundRulesTooLong),
});

const RULE_FIELDS = ['match', 'amount', 'reason'] as const;

/** The fields in the page's order, by formik path, for the focus after a stopped submit. */
export function fieldOrder(values: FeePolicy): string[] {
  const ruleFields = (kind: RuleKind) =>
    values[kind].flatMap((_, i) => RULE_FIELDS.map((field) => `${kind}.${i}.${field}`));
  return ['defaultAmount', 'defaultReason', ...ruleFields('countries'), ...ruleFields('jobs'), 'refundRules'];
}

const FIXED_IDS: Record<string, string> = {
  defaultAmount: 'fee-default-amount',
  defaultReason: 'fee-default-reason',
  refundRules: 'fee-refund-rules',
};

/** `countries.0.match` -> `fee-countries-0-match`. */
export const feeFieldId = (path: string) => FIXED_IDS[path] ?? `fee-${path.replaceAll('.', '-')}`;
