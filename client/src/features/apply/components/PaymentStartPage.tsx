import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/use-page-meta';
import { rememberPaymentKey } from '../api/payments';
import { PaymentModal } from './PaymentModal';

/** The key rides in the link's fragment (`#key=...`), which browsers never send to a server. */
function keyFromFragment(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('key') ?? '';
}

/**
 * The payment link of the confirmation e-mail (`/payment/start?application=VA...#key=...`):
 * keeps the key for this tab, drops it from the address bar, and opens the payment modal.
 */
export default function PaymentStartPage() {
  usePageMeta('Pay the processing fee', 'Pay the processing fee of your application.');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { hash, pathname, search } = useLocation();
  const applicationId = params.get('application') ?? '';
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const key = keyFromFragment(hash);
    if (applicationId && key) {
      rememberPaymentKey(applicationId, key);
      void navigate(pathname + search, { replace: true }); // the key leaves the address bar
    }
    setReady(true);
  }, [applicationId, hash, navigate, pathname, search]);

  return (
    <section className="container section payment-result">
      <h1>Pay the processing fee</h1>
      {applicationId ? (
        <p>
          Application <strong>{applicationId}</strong>
        </p>
      ) : (
        <p role="alert">
          This link is incomplete. Open the payment link in your confirmation e-mail, or{' '}
          <Link to={paths.track}>track your application</Link>.
        </p>
      )}
      {ready && applicationId ? (
        <PaymentModal applicationId={applicationId} onClose={() => navigate(paths.home)} />
      ) : null}
    </section>
  );
}
