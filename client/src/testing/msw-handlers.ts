import { http, HttpResponse } from 'msw';
import { constants } from '@/config/rules';
import { blogPosts, noPaymentsConfig } from './fixtures';

const appointmentSlotTimes = constants.appointmentTimeSlots;

export const legalFacts = {
  legalName: 'Vandy Travel and Recruitment Services',
  address: 'Adum, Kumasi, Ashanti Region, Ghana',
  dataProtectionRegistration: 'DPC-TEST-001',
  labourLicence: 'LD-TEST-002',
  dataRequestContact: 'privacy@vandytravel.com',
  privacyNoticeVersion: '2026-11-22',
  retention: { documentsDays: 365, messagesDays: 365, appointmentsDays: 365, alertsDays: 730 },
};

export const handlers = [
  http.get('*/api/legal', () => HttpResponse.json(legalFacts)),
  http.get('*/api/blog-posts', () => HttpResponse.json({ items: blogPosts })),
  http.get('*/api/blog-posts/:id', ({ params }) => {
    const post = blogPosts.find((p) => p.id === params.id);
    return post
      ? HttpResponse.json(post)
      : HttpResponse.json({ message: 'Blog Post Not Found' }, { status: 404 });
  }),
  // The booking window with nothing taken or closed, unless a test says otherwise.
  http.get('*/api/appointment-slots/window', () =>
    HttpResponse.json({
      first: '2000-01-01',
      last: '2100-12-31',
      timeZone: 'Africa/Accra',
      closed: [],
      taken: {},
    }),
  ),
  // Every slot of a date free, unless a test says otherwise.
  http.get('*/api/appointment-slots', ({ request }) => {
    const date = new URL(request.url).searchParams.get('date') ?? '';
    const slots = appointmentSlotTimes.map((time) => ({
      time,
      startsAt: `${date}T00:00:00Z`,
      state: 'free',
      free: 1,
    }));
    return HttpResponse.json({ date, timeZone: 'Africa/Accra', zoneName: 'GMT', slots });
  }),
  // The processing fee: no Paystack keys on the server unless a test says otherwise.
  http.get('*/api/payments/config', () => HttpResponse.json(noPaymentsConfig)),
  // The fee policy (Terms page) and an application's refunds (admin detail): the defaults.
  http.get('*/api/fees', () =>
    HttpResponse.json({
      currency: 'USD',
      defaultLabel: '$50',
      defaultReason: '',
      countries: [],
      jobs: [],
      refundRules: 'Refunded in full if we cannot take your application forward.',
    }),
  ),
  http.get('*/api/admin/applications/:id/refunds', () =>
    HttpResponse.json({
      payment: 'unpaid',
      refundStatus: null,
      paid: null,
      refundable: '0',
      currency: null,
      items: [],
    }),
  ),
  // The fee policy's decision for an application: not known (the modal shows the configured fee),
  // unless a test says otherwise.
  http.post('*/api/applications/:id/fee', () =>
    HttpResponse.json({ message: 'Application Not Found' }, { status: 404 }),
  ),
];
