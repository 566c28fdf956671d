/**
 * Send a CV pack: one of the employer's contacts with an e-mail, and the candidates picked among the
 * approved applicants (found as on the applications list). The personal link the server answers is
 * shown once: only its hash is kept.
 */
import { useId, useState, type FormEvent } from 'react';
import { useResource } from '@/lib/use-resource';
import { notify } from '@/lib/notify';
import { AsyncView, errorMessage, fieldErrors, type ApplicationSummary } from '@/features/admin-shell';
import { findCandidates, sendPack, type Contact, type SentPack } from './api/packs';

const nameOf = (a: ApplicationSummary) =>
  [a.firstName, a.lastName].filter(Boolean).join(' ') || a.applicationId;

function CandidatePicker({
  chosen,
  onToggle,
}: {
  chosen: Map<string, string>;
  onToggle: (id: string, label: string) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [state, reload] = useResource((signal) => findCandidates(q, signal), `candidates:${q}`);
  return (
    <fieldset className="admin-field admin-field--full packs-picker">
      <legend>Candidates (approved applicants)</legend>
      <div className="admin-search" role="search">
        <label htmlFor={id} className="visually-hidden">
          Find candidates
        </label>
        <input
          id={id}
          type="search"
          placeholder="Name, e-mail, phone or ID"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="button" className="admin-button" onClick={() => setQ(draft.trim())}>
          Find
        </button>
      </div>
      <AsyncView state={state} onRetry={reload}>
        {(page) =>
          page.items.length === 0 ? (
            <p className="admin-muted">No approved applicant matches.</p>
          ) : (
            <ul className="packs-candidates">
              {page.items.map((a) => {
                const label = `${nameOf(a)} (${a.applicationId})`;
                return (
                  <li key={a.applicationId}>
                    <label>
                      <input
                        type="checkbox"
                        checked={chosen.has(a.applicationId)}
                        onChange={() => onToggle(a.applicationId, label)}
                      />{' '}
                      {label}
                      {a.jobCategory ? <span className="admin-muted">{` · ${a.jobCategory}`}</span> : null}
                    </label>
                  </li>
                );
              })}
            </ul>
          )
        }
      </AsyncView>
      <p className="admin-muted" aria-live="polite">
        {chosen.size ? `Chosen: ${[...chosen.values()].join(', ')}` : 'No candidate chosen yet.'}
      </p>
    </fieldset>
  );
}

export function SendPackForm({
  orderId,
  contacts,
  onSent,
}: {
  orderId: string;
  contacts: Contact[];
  onSent: (sent: SentPack) => void;
}) {
  const id = useId();
  const [email, setEmail] = useState(contacts[0]?.email ?? '');
  const [chosen, setChosen] = useState(new Map<string, string>());
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toggle = (applicationId: string, label: string) => {
    const next = new Map(chosen);
    if (next.has(applicationId)) next.delete(applicationId);
    else next.set(applicationId, label);
    setChosen(next);
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const sent = await sendPack(orderId, email, [...chosen.keys()]);
      setMessage(null);
      setChosen(new Map());
      void notify('CV pack sent', 'success');
      onSent(sent);
    } catch (error) {
      const fields = fieldErrors(error);
      setMessage(fields ? Object.values(fields).join(' ') : errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  if (contacts.length === 0) {
    return (
      <p className="admin-muted">The employer has no contact with an e-mail address to send a pack to.</p>
    );
  }
  return (
    <form className="admin-form admin-form--grid" onSubmit={onSubmit} noValidate aria-label="Send a CV pack">
      <div className="admin-field">
        <label htmlFor={id}>Send to</label>
        <select id={id} value={email} onChange={(event) => setEmail(event.target.value)}>
          {contacts.map((contact) => (
            <option key={contact.email} value={contact.email}>
              {`${contact.name} <${contact.email}>`}
            </option>
          ))}
        </select>
      </div>
      <CandidatePicker chosen={chosen} onToggle={toggle} />
      {message ? (
        <p className="admin-error admin-field--full" role="alert">
          {message}
        </p>
      ) : null}
      <div className="admin-actions admin-field--full">
        <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
          {busy ? 'Sending...' : `Send the pack (${chosen.size})`}
        </button>
      </div>
    </form>
  );
}
