import { useState } from 'react';
import { Link } from 'react-router-dom';
import { notify } from '@/lib/notify';
import {
  errorMessage,
  formatDateTime,
  useAdminTitle,
  AsyncView,
  PageHeader,
  useAdminQuery,
} from '@/features/admin-shell';
import { confirmPhone, phonesToConfirm, type PhoneToConfirm } from './api/phones';

/** One application's phone: each country it may be, as a button that keeps that number. */
function PhoneRow({ item, onDone }: { item: PhoneToConfirm; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const choose = async (region: string, country: string) => {
    setBusy(true);
    try {
      const kept = await confirmPhone(item.applicationId, region);
      void notify(`${item.applicationId}: phone kept as ${country}'s ${kept.phone}`, 'success');
      onDone();
    } catch (failure) {
      void notify(errorMessage(failure), 'error');
      setBusy(false);
    }
  };
  return (
    <tr>
      <td>
        <Link to={`/admin/applications/${item.applicationId}`}>{item.applicationId}</Link>
        <br />
        {item.applicantName}
      </td>
      <td>
        {item.typed}
        <br />
        <span className="admin-muted">stored as {item.phone}</span>
      </td>
      <td>{formatDateTime(item.createdAt)}</td>
      <td>
        <div
          className="admin-page-header__actions"
          role="group"
          aria-label={`Country of ${item.applicationId}'s phone`}
        >
          {item.choices.map((choice) => (
            <button
              key={choice.region}
              type="button"
              className="admin-button"
              disabled={busy}
              onClick={() => void choose(choice.region, choice.country)}
            >
              {choice.country} ({choice.phone})
            </button>
          ))}
        </div>
      </td>
    </tr>
  );
}

/**
 * Phones to confirm: applications stored before phones kept their country, whose number may be
 * another agency country's. Scripts and bulk sends refuse to text them until staff pick one.
 */
export default function PhonesToConfirmPage() {
  useAdminTitle('Phones to confirm');
  const [state, reload] = useAdminQuery({ key: ['phones-to-confirm'], load: phonesToConfirm });
  return (
    <>
      <PageHeader title="Phones to confirm" />
      <p className="admin-muted">
        These numbers were stored before the forms asked for the phone&apos;s country, and their local form is
        valid in more than one country we serve. Scripts and bulk messages do not text them until you pick the
        country (check with the applicant if unsure).
      </p>
      <AsyncView state={state} onRetry={reload}>
        {({ items }) =>
          items.length ? (
            <table className="admin-table">
              <caption className="visually-hidden">Phones to confirm</caption>
              <thead>
                <tr>
                  <th scope="col">Application</th>
                  <th scope="col">Number typed</th>
                  <th scope="col">Received</th>
                  <th scope="col">Country</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <PhoneRow key={item.applicationId} item={item} onDone={reload} />
                ))}
              </tbody>
            </table>
          ) : (
            <p role="status">No phones to confirm.</p>
          )
        }
      </AsyncView>
    </>
  );
}
