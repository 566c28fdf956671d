import type { components } from '@/generated/api';
import { client } from '@/lib/api-client';
import { admin, AsyncView, formatDateTime, useAdminQuery } from '@/features/admin-shell';

export type ApplicationWhatsApp = components['schemas']['ApplicationWhatsApp'];

/** The forms an opt-in can come from (agency_core/whatsapp/model.py, OPT_IN_SOURCES). */
const FORMS: Record<string, string> = {
  apply: 'the application form',
  book: 'the booking form',
  contact: 'the contact form',
};

export const getApplicationWhatsApp = (
  applicationId: string,
  signal?: AbortSignal,
): Promise<ApplicationWhatsApp> =>
  admin(
    client.GET('/api/admin/applications/{application_id}/whatsapp', {
      params: { path: { application_id: applicationId } },
      signal,
    }),
  );

/** What the record says of WhatsApp: opted in (when, from which form, which wording), stopped, or not. */
export function optInSentence(shown: ApplicationWhatsApp): string {
  const optIn = shown.optIn;
  if (!optIn) return 'not opted in';
  if (optIn.optedOutAt) return `stopped ${formatDateTime(optIn.optedOutAt)}`;
  const form = FORMS[optIn.source] ?? optIn.source;
  return `opted in ${formatDateTime(optIn.optedInAt)} from ${form} (wording ${optIn.wordingVersion})`;
}

/** The applicant's WhatsApp opt-in and the channel their texts go by (issue 48, the staff side). */
export function WhatsAppOptInLine({ applicationId }: { applicationId: string }) {
  const [state, reload] = useAdminQuery({
    key: ['applications', applicationId, 'whatsapp'],
    load: (signal) => getApplicationWhatsApp(applicationId, signal),
  });
  return (
    <section className="admin-card" aria-labelledby="whatsapp-heading">
      <h2 id="whatsapp-heading">WhatsApp</h2>
      <AsyncView state={state} onRetry={reload}>
        {(shown) => (
          <>
            <p data-testid="whatsapp-opt-in">WhatsApp: {optInSentence(shown)}</p>
            {shown.optIn?.wording ? (
              <p className="admin-muted admin-small">They ticked: “{shown.optIn.wording}”</p>
            ) : null}
            <p data-testid="whatsapp-channel">
              Their messages go by <strong>{shown.channel === 'whatsapp' ? 'WhatsApp' : 'SMS'}</strong>
            </p>
          </>
        )}
      </AsyncView>
    </section>
  );
}
