/**
 * An order's CV packs on its page: send one to an employer contact, then each pack with the employer's
 * answers as they arrive (Refresh reads them again), revoke its link, release a candidate's full CV.
 * Revoke and release cannot be taken back: both are confirmed first.
 */
import { useState } from 'react';
import { useResource } from '@/lib/use-resource';
import { AsyncView, runAction, useConfirm } from '@/features/admin-shell';
import { employerContacts, listPacks, releaseCv, revokePack, type Pack, type SentPack } from './api/packs';
import { PackCard } from './PackCard';
import { SendPackForm } from './SendPackForm';
import './packs.css';

function SentLink({ sent }: { sent: SentPack | null }) {
  if (!sent) return null;
  return (
    <div className="packs-sent" role="status">
      <p>{`${sent.pack.id} was e-mailed to ${sent.pack.contactEmail}. Its personal link, shown only now:`}</p>
      <p className="admin-code packs-link">{sent.link}</p>
    </div>
  );
}

export function PacksSection({ orderId, employerId }: { orderId: string; employerId: string }) {
  const [contacts, reloadContacts] = useResource(
    (signal) => employerContacts(employerId, signal),
    `contacts:${employerId}`,
  );
  const [state, reload] = useResource((signal) => listPacks(orderId, signal), `packs:${orderId}`);
  const [sent, setSent] = useState<SentPack | null>(null);
  const { dialog, confirm } = useConfirm();
  const revoke = async (pack: Pack) => {
    const yes = await confirm({
      title: `Revoke the link of ${pack.id}?`,
      description: `${pack.contactName} can no longer open the pack or answer; the answers given stay.`,
      confirmLabel: 'Revoke the link',
      danger: true,
    });
    if (yes && (await runAction(() => revokePack(orderId, pack.id), 'Link revoked'))) reload();
  };
  const release = async (pack: Pack, code: string) => {
    const yes = await confirm({
      title: `Release the full CV of ${code}?`,
      description: `${pack.contactName} will see ${code}'s name, contact details and CV in ${pack.id}.`,
      confirmLabel: 'Release the CV',
      danger: true,
    });
    if (yes && (await runAction(() => releaseCv(orderId, pack.id, code), 'CV released'))) reload();
  };
  return (
    <section className="admin-card" aria-labelledby="order-packs">
      <div className="admin-page-header">
        <h2 id="order-packs">CV packs</h2>
        <button type="button" className="admin-button admin-button--ghost" onClick={reload}>
          Refresh answers
        </button>
      </div>
      <AsyncView state={contacts} onRetry={reloadContacts}>
        {(list) => (
          <SendPackForm
            orderId={orderId}
            contacts={list}
            onSent={(answer) => {
              setSent(answer);
              reload();
            }}
          />
        )}
      </AsyncView>
      <SentLink sent={sent} />
      <AsyncView state={state} onRetry={reload}>
        {(packs) => (
          <>
            {packs.length === 0 ? <p className="admin-muted">No pack sent yet.</p> : null}
            {packs.map((pack) => (
              <PackCard
                key={pack.id}
                pack={pack}
                onRevoke={(p) => void revoke(p)}
                onRelease={(p, code) => void release(p, code)}
              />
            ))}
          </>
        )}
      </AsyncView>
      {dialog}
    </section>
  );
}
