/**
 * msw handlers that fake the admin API (the OpenAPI document served at /schema) for the app's admin
 * tests (app/tests/admin-*.test.tsx): a tiny in-memory admin backend with a session, the csrftoken
 * cookie and the CSRF header check. `adminBackend()` resets it.
 */
import { notesHandlers, resetNotesBackend } from './admin-notes-backend';
import { makeApplication, NEXT } from '@/features/admin-applications/testing/make-application';

import { http, HttpResponse, delay } from 'msw';
import type {
  AdminBlogPost,
  AdminSettings,
  ApplicationDetail,
  ApplicationStatus,
  AuditEntry,
  ContactMessage,
  Job,
} from '@/features/admin-shell/api/types';

export const DEMO = { email: 'admin@vandy.example', password: 'demo-password-123' };
export const ADMIN = { id: 'u1', email: DEMO.email, name: 'Ama Admin' };

export interface FakeAdminBackend {
  signedIn: boolean;
  demo: boolean;
  /** The status GET /session answers when signed out or failing (401 by default). */
  sessionStatus: 200 | 401 | 403 | 503;
  sessionDelay: number;
  logoutFails: boolean;
  csrf: string;
  applications: ApplicationDetail[];
  messages: ContactMessage[];
  jobs: Job[];
  posts: AdminBlogPost[];
  settings: AdminSettings;
  audit: AuditEntry[];
  requests: { method: string; path: string; csrf: string | null; body: unknown }[];
}

export const backend: FakeAdminBackend = {} as FakeAdminBackend;

export function adminBackend(overrides: Partial<FakeAdminBackend> = {}): FakeAdminBackend {
  resetNotesBackend();
  Object.assign(backend, {
    signedIn: false,
    demo: true,
    sessionStatus: 401,
    sessionDelay: 0,
    logoutFails: false,
    csrf: 'token-0',
    applications: [
      makeApplication('VA1700000000002', {
        firstName: 'Esi',
        lastName: 'Owusu',
        createdAt: '2026-01-06T10:00:00Z',
      }),
      makeApplication('VA1700000000001', { opened: true, status: 'processing' }),
    ],
    messages: [
      {
        id: 'm1',
        name: 'Yaw',
        email: 'yaw@example.com',
        phone: null,
        service: null,
        subject: 'Visa',
        message: 'Hello',
        read: false,
        createdAt: '2026-01-02T09:00:00Z',
      },
    ],
    jobs: [],
    posts: [],
    settings: {
      adminPhones: ['+233241111111', '+233242222222', '+971501111111', '+971502222222'],
      smsSender: 'VANDY',
      statusSms: { received: true, processing: true, approved: true, rejected: true },
      appointmentCapacity: 1,
      closedDates: [],
      bookingHorizonDays: 90,
      dailyBookingsPerPerson: 2,
      smsMaxParts: 3,
    },
    audit: [],
    requests: [],
    ...overrides,
  });
  document.cookie = `csrftoken=${backend.csrf}; path=/`;
  return backend;
}

adminBackend();

const page = <T>(items: T[], url: URL) => {
  const p = Number(url.searchParams.get('page') ?? 1);
  const size = Number(url.searchParams.get('pageSize') ?? 20);
  return { items: items.slice((p - 1) * size, p * size), total: items.length, page: p, pageSize: size };
};
interface BulkBody {
  applicationIds?: string[];
  status: ApplicationStatus;
  bulkId?: string;
}

/** The fake's bulk preview of one move: the SMS, or why the move is refused. */
function planned(id: string, status: ApplicationStatus) {
  const app = backend.applications.find((a) => a.applicationId === id);
  const name = app ? `${app.firstName} ${app.lastName}` : '';
  const error = !app
    ? 'Application not found'
    : NEXT[app.status].includes(status)
      ? ''
      : `The application is ${app.status}: it can move to ${NEXT[app.status].join(' or ')}, not ${status}.`;
  const text = error ? '' : `Dear ${name}, your application is now ${status}.`;
  return { applicationId: id, name, text, parts: text ? 1 : 0, error, note: '' };
}

const json = (body: unknown, status = 200) => HttpResponse.json(body as Record<string, unknown>, { status });

async function guard(request: Request, safe: boolean): Promise<Response | null> {
  let body: unknown = null;
  if (!safe) {
    const type = request.headers.get('content-type') ?? '';
    body = type.includes('json') ? await request.clone().json() : null;
  }
  backend.requests.push({
    method: request.method,
    path: new URL(request.url).pathname,
    csrf: request.headers.get('X-CSRF-Token'),
    body,
  });
  if (!backend.signedIn) return json({ message: 'Not signed in' }, 401);
  if (!safe && request.headers.get('X-CSRF-Token') !== backend.csrf)
    return json({ message: 'CSRF token missing or invalid' }, 403);
  return null;
}

export const adminHandlers = [
  http.get('*/api/admin/session', async () => {
    if (backend.sessionDelay) await delay(backend.sessionDelay);
    if (backend.signedIn) return json(ADMIN);
    if (backend.sessionStatus === 403) return json({ message: 'User not authorized' }, 403);
    if (backend.sessionStatus === 503) return json({ message: 'Failed to verify admin role' }, 503);
    return json({ message: 'Not signed in' }, 401);
  }),
  http.post('*/api/admin/session', async ({ request }) => {
    const body = (await request.json()) as { email: string; password: string };
    backend.requests.push({
      method: 'POST',
      path: '/api/admin/session',
      csrf: request.headers.get('X-CSRF-Token'),
      body,
    });
    if (request.headers.get('X-CSRF-Token') !== backend.csrf)
      return json({ message: 'CSRF token missing or invalid' }, 403);
    if (body.email === 'user@example.com') return json({ message: 'User not authorized' }, 403);
    if (body.email !== DEMO.email || body.password !== DEMO.password)
      return json({ message: 'Wrong email or password' }, 401);
    backend.signedIn = true;
    backend.csrf = 'token-1';
    document.cookie = `csrftoken=${backend.csrf}; path=/`;
    return json(ADMIN);
  }),
  http.delete('*/api/admin/session', ({ request }) => {
    backend.requests.push({
      method: 'DELETE',
      path: '/api/admin/session',
      csrf: request.headers.get('X-CSRF-Token'),
      body: null,
    });
    if (backend.logoutFails) return json({ message: 'Failed to logout' }, 500);
    backend.signedIn = false;
    return new HttpResponse(null, { status: 204 });
  }),
  http.get('*/api/admin/demo-credentials', () =>
    backend.demo ? json(DEMO) : json({ message: 'Not Found' }, 404),
  ),
  http.get('*/api/admin/dashboard', async ({ request }) => {
    const refused = await guard(request, true);
    if (refused) return refused;
    return json({
      totalApplications: backend.applications.length,
      activeJobs: backend.jobs.filter((j) => j.status === 'open').length,
      newMessages: backend.messages.filter((m) => !m.read).length,
      blogPosts: backend.posts.length,
      latestApplications: backend.applications.slice(0, 5),
      outbox: { pending: 1, failedLast24h: 0, withdrawnLast24h: 0, notDelivered: 0 },
      notDelivered: [],
      appointments: { today: 2, noShowRate: 0.25 },
      applications: {
        received: backend.applications.filter((a) => a.status === 'received').length,
        processing: backend.applications.filter((a) => a.status === 'processing').length,
        approved: backend.applications.filter((a) => a.status === 'approved').length,
        rejected: backend.applications.filter((a) => a.status === 'rejected').length,
        newToday: 0,
        unread: backend.applications.filter((a) => !a.opened).length,
      },
      todaysAppointments: [],
    });
  }),
  http.get('*/api/admin/jobs', async ({ request }) => {
    const refused = await guard(request, true);
    if (refused) return refused;
    return json({ items: backend.jobs, total: backend.jobs.length, page: 1, pageSize: 100 });
  }),
  http.get('*/api/admin/applications/:id/neighbours', async ({ request, params }) => {
    const refused = await guard(request, true);
    if (refused) return refused;
    const ids = backend.applications.map((a) => a.applicationId);
    const at = ids.indexOf(String(params.id));
    return at < 0
      ? json({ previous: null, next: null, position: 0, total: ids.length })
      : json({
          previous: ids[at - 1] ?? null,
          next: ids[at + 1] ?? null,
          position: at + 1,
          total: ids.length,
        });
  }),
  http.get('*/api/admin/applications', async ({ request }) => {
    const refused = await guard(request, true);
    if (refused) return refused;
    const url = new URL(request.url);
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const status = url.searchParams.get('status');
    const items = backend.applications.filter(
      (a) =>
        (!status || a.status === status) &&
        (!q ||
          [a.firstName, a.lastName, a.email, a.phone, a.applicationId].join(' ').toLowerCase().includes(q)),
    );
    return json(page(items, url));
  }),
  http.get('*/api/admin/applications/:id', async ({ request, params }) => {
    const refused = await guard(request, true);
    if (refused) return refused;
    const app = backend.applications.find((a) => a.applicationId === params.id);
    if (!app) return json({ message: 'Application not found' }, 404);
    app.opened = true;
    return json(app);
  }),
  http.get('*/api/admin/applications/:id/whatsapp', async ({ request, params }) => {
    const refused = await guard(request, true);
    if (refused) return refused;
    const app = backend.applications.find((a) => a.applicationId === params.id);
    if (!app) return json({ message: 'Application not found' }, 404);
    return json({ optIn: null, channel: 'sms' });
  }),
  http.post('*/api/admin/applications/:id/status', async ({ request, params }) => {
    const refused = await guard(request, false);
    if (refused) return refused;
    const app = backend.applications.find((a) => a.applicationId === params.id);
    if (!app) return json({ message: 'Application not found' }, 404);
    const { status } = (await request.json()) as { status: ApplicationStatus };
    if (!NEXT[app.status].includes(status))
      return json({ message: `Cannot move from ${app.status} to ${status}` }, 409);
    app.status = status;
    app.nextStatuses = NEXT[status];
    app.sms = [
      ...app.sms,
      {
        id: `s${app.sms.length + 1}`,
        kind: `status_${status}`,
        phone: app.phone ?? '',
        status: 'pending',
        attempts: 0,
        lastError: null,
        createdAt: '2026-01-07T10:00:00Z',
        deliveredAt: null,
        delivery: 'pending',
        notDeliveredInTime: false,
        reportedAt: null,
        reportStatus: null,
      },
    ];
    return json(app);
  }),
  http.post('*/api/admin/bulk/status/preview', async ({ request }) => {
    const refused = await guard(request, false);
    if (refused) return refused;
    const { applicationIds = [], status } = (await request.json()) as BulkBody;
    const items = applicationIds.map((id) => planned(id, status));
    const count = items.filter((i) => !i.error).length;
    return json({
      bulkId: 'BK1',
      kind: 'status',
      status,
      count,
      messages: count,
      totalParts: count,
      refused: items.length - count,
      undoWindowS: 30,
      items,
    });
  }),
  http.post('*/api/admin/bulk/status', async ({ request }) => {
    const refused = await guard(request, false);
    if (refused) return refused;
    const { applicationIds = [], status, bulkId } = (await request.json()) as BulkBody;
    const items = applicationIds.map((id) => {
      const app = backend.applications.find((a) => a.applicationId === id);
      const error = planned(id, status).error;
      const previous = app?.status ?? null;
      if (app && !error) {
        app.status = status;
        app.nextStatuses = NEXT[status];
      }
      return { applicationId: id, messageId: error ? '' : `${bulkId}-${id}-sms`, previous, error, sms: null };
    });
    const done = items.filter((i) => !i.error).length;
    return json({
      bulkId,
      kind: 'status',
      actor: ADMIN.email,
      createdAt: '2026-01-07T10:00:00Z',
      selection: `${items.length} selected`,
      status,
      text: '',
      undoUntil: new Date(Date.now() + 30_000).toISOString(),
      undoneAt: null,
      undoneBy: '',
      done,
      refused: items.length - done,
      pending: done,
      sent: 0,
      failed: 0,
      withdrawn: 0,
      items,
    });
  }),
  http.get('*/api/admin/messages', async ({ request }) => {
    const refused = await guard(request, true);
    if (refused) return refused;
    return json(page(backend.messages, new URL(request.url)));
  }),
  http.post('*/api/admin/messages/:id/read', async ({ request, params }) => {
    const refused = await guard(request, false);
    if (refused) return refused;
    const message = backend.messages.find((m) => m.id === params.id);
    if (!message) return json({ message: 'Not found' }, 404);
    message.read = true;
    return json(message);
  }),
  http.get('*/api/admin/settings', async ({ request }) => {
    const refused = await guard(request, true);
    if (refused) return refused;
    return json(backend.settings);
  }),
  http.get('*/api/admin/settings/whatsapp', async ({ request }) => {
    const refused = await guard(request, true);
    if (refused) return refused;
    return json({ on: false, line: 'WhatsApp is off: no AGENCY_WHATSAPP_* settings.' });
  }),
  http.put('*/api/admin/settings', async ({ request }) => {
    const refused = await guard(request, false);
    if (refused) return refused;
    backend.settings = (await request.json()) as AdminSettings;
    return json(backend.settings);
  }),
  ...notesHandlers(guard),
  http.get('*/api/admin/audit-log', async ({ request }) => {
    const refused = await guard(request, true);
    if (refused) return refused;
    return json(page(backend.audit, new URL(request.url)));
  }),
];
