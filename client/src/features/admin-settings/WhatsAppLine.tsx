import { AsyncView, useAdminQuery } from '@/features/admin-shell';
import { getWhatsAppStatus } from './api/settings';

/** The WhatsApp channel's state: a read-only line (its settings live where the app is deployed). */
export function WhatsAppLine() {
  const [state, reload] = useAdminQuery({ key: ['settings', 'whatsapp'], load: getWhatsAppStatus });
  return (
    <section className="admin-card" aria-labelledby="whatsapp-heading">
      <h2 id="whatsapp-heading" className="h3">
        WhatsApp
      </h2>
      <AsyncView state={state} onRetry={reload}>
        {(status) => (
          <p data-testid="whatsapp-status">
            <strong>{status.on ? 'On' : 'Off'}</strong>: {status.line}
          </p>
        )}
      </AsyncView>
    </section>
  );
}
