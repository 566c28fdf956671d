import { useState } from 'react';
import { useResource } from '@/lib/use-resource';
import { getFeePolicy, type FeePolicy, type FeeRule } from '../api/fee-policy';

/** Left by the pre-render; the server writes the policy in force in its place (app/pages/fee_policy.py). */
export const FEE_POLICY_TOKEN = '__FEE_POLICY__';
const SECTION_ID = 'fee-policy';

/** The server's markup of the section when this page came from the server, else null. */
function serverMarkup(): string | null {
  if (typeof document === 'undefined') return FEE_POLICY_TOKEN;
  const html = document.getElementById(SECTION_ID)?.innerHTML ?? '';
  return html && html !== FEE_POLICY_TOKEN ? html : null;
}

function Rules({ title, rules }: { title: string; rules: FeeRule[] }) {
  if (!rules.length) return null;
  return (
    <>
      <h3>{title}</h3>
      <ul>
        {rules.map((rule) => (
          <li key={rule.appliesTo}>
            <strong>{rule.appliesTo}</strong>: {rule.label}.{rule.reason ? ` ${rule.reason}` : ''}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The same content as the server's fee_policy_html, from GET /api/fees. */
function Policy({ policy }: { policy: FeePolicy }) {
  return (
    <>
      <h2>Processing fee</h2>
      <p>
        {policy.defaultLabel === 'No fee' ? (
          'We charge no processing fee'
        ) : (
          <>
            The processing fee is <strong>{policy.defaultLabel}</strong>
          </>
        )}
        , unless a rule below says otherwise.{policy.defaultReason ? ` ${policy.defaultReason}` : ''}
      </p>
      <Rules title="By destination country" rules={policy.countries} />
      <Rules title="By job" rules={policy.jobs} />
      <h2>Refunds</h2>
      <p>{policy.refundRules}</p>
    </>
  );
}

function FetchedPolicy() {
  const [state] = useResource(getFeePolicy, 'fee-policy');
  if (state.status === 'success') return <Policy policy={state.data} />;
  return (
    <p role="status">{state.status === 'error' ? 'The fee policy could not be loaded.' : 'Loading...'}</p>
  );
}

/** The fee policy and refund rules on /terms: in the server's HTML, or fetched after a client-side visit. */
export function FeePolicySection() {
  const [markup] = useState(serverMarkup);
  if (markup !== null) return <div id={SECTION_ID} dangerouslySetInnerHTML={{ __html: markup }} />;
  return (
    <div id={SECTION_ID}>
      <FetchedPolicy />
    </div>
  );
}
