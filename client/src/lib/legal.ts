/** The legal facts of GET /api/legal (from the server's settings), fetched once per page load. */
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';

export interface LegalFacts {
  legalName: string;
  address: string;
  /** Data Protection Commission registration number. */
  dataProtectionRegistration: string;
  /** Labour Department licence number. */
  labourLicence: string;
  dataRequestContact: string;
  privacyNoticeVersion: string;
  retention: { documentsDays: number; messagesDays: number; appointmentsDays: number; alertsDays: number };
}

let pending: Promise<LegalFacts> | null = null;

export function fetchLegal(): Promise<LegalFacts> {
  pending ??= api.get<LegalFacts>('/legal').catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

/** For tests: forget the fetched facts. */
export function resetLegalCache(): void {
  pending = null;
}

/** The facts, or null while loading (and after a failure). */
export function useLegal(): LegalFacts | null {
  const [facts, setFacts] = useState<LegalFacts | null>(null);
  useEffect(() => {
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
  }, []);
  return facts;
}
