/** The legal facts of GET /api/legal (from the server's settings), fetched once per page load. */
import { useEffect, useState } from 'react';
import type { components } from '@/generated/api';

/** The agency's legal name, address, DPC registration, Labour licence, contact, notice version, retention. */
export type LegalFacts = components['schemas']['LegalOut'];

let pending: Promise<LegalFacts> | null = null;
let serverFacts: LegalFacts | null = null;

/** Set by the pre-render (entry-server): facts whose values are tokens the server fills in. */
export function setServerLegal(facts: LegalFacts | null): void {
  serverFacts = facts;
}

/**
 * The facts the server put in the page (`<script type="application/json" id="site-data">`, next to
 * the filled footer), so the first render is the server's markup; null on a client-only page.
 */
function pageFacts(): LegalFacts | null {
  if (typeof document === 'undefined') return serverFacts;
  const block = document.getElementById('site-data');
  if (!block?.textContent) return null;
  try {
    return JSON.parse(block.textContent) as LegalFacts;
  } catch {
    return null;
  }
}

export function fetchLegal(): Promise<LegalFacts> {
  // The client comes with the fetch: every pre-rendered page carries its facts, so it stays out of the entry.
  pending ??= import('@/lib/api-client')
    .then(({ client, ok }) => ok(client.GET('/api/legal')))
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}

/** For tests: forget the fetched facts. */
export function resetLegalCache(): void {
  pending = null;
}

/** The facts: from the page when it carries them, else fetched (null while loading and after a failure). */
export function useLegal(): LegalFacts | null {
  const [facts, setFacts] = useState<LegalFacts | null>(pageFacts);
  useEffect(() => {
    if (facts) return undefined;
    let live = true;
    fetchLegal().then(
      (data) => {
        if (live) setFacts(data);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [facts]);
  return facts;
}
