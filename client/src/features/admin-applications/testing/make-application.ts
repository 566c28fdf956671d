/** An application as the admin API answers it, for tests: Kofi Boateng's, received, with a CV. */
import type { ApplicationDetail, ApplicationStatus } from '@/features/admin-shell';

export const NEXT: Record<ApplicationStatus, ApplicationStatus[]> = {
  received: ['processing'],
  processing: ['approved', 'rejected'],
  approved: [],
  rejected: [],
};

export function makeApplication(id: string, overrides: Partial<ApplicationDetail> = {}): ApplicationDetail {
  return {
    applicationId: id,
    firstName: 'Kofi',
    lastName: 'Boateng',
    email: 'kofi@example.com',
    phone: '+233241234567',
    jobCategory: 'Construction',
    preferredCountry: 'Qatar',
    status: 'received',
    createdAt: '2026-01-05T10:00:00Z',
    opened: false,
    country: 'Ghana',
    city: 'Kumasi',
    dateOfBirth: '1995-04-02',
    nationality: 'Ghanaian',
    experience: 'Mid Level (3-5 years)',
    education: 'Diploma/Certificate',
    languages: 'English, Twi',
    availability: 'Immediately',
    salary: '',
    hasPassport: false,
    additionalInfo: '',
    jobId: null,
    jobTitle: null,
    payment: 'unpaid',
    shownPayment: null,
    ownerId: '',
    ownerName: '',
    paymentReference: null,
    paymentAmount: null,
    paymentCurrency: null,
    paymentChannel: null,
    paidAt: null,
    paymentUpdatedAt: null,
    openedAt: null,
    nextStatuses: NEXT[overrides.status ?? 'received'],
    files: [
      {
        field: 'cv',
        filename: 'cv.pdf',
        size: 2048,
        contentType: 'application/pdf',
        url: `/api/admin/applications/${id}/files/cv`,
      },
    ],
    sms: [],
    ...overrides,
  };
}
