/**
 * The admin area's query cache (admin-shell/query/query.tsx, issue 44 item 5) and the route's read
 * started beside the session check (issue 43 item 1), through the whole route tree.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/app/testing/render-app';
import { server } from '@/testing/msw-server';
import * as toasts from '@/lib/notify';
import { adminBackend, adminHandlers, backend } from '@/app/testing/admin-backend';
import { notesBackend } from '@/app/testing/admin-notes-backend';
import { FILL_PASSWORD } from '@/features/admin-login/LoginPage';

beforeEach(() => {
  adminBackend({ signedIn: true });
  server.use(...adminHandlers);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * AdminApp's read of the route at entry. Imported when a test runs, not with this file: the module
 * starts its session check as it loads, which must meet the test's backend.
 */
async function startRouteRead(location: { pathname: string; search: string }) {
  (await import('@/features/admin-shell/AdminApp')).startRouteRead(location);
}

const reads = (path: string) => backend.requests.filter((r) => r.method === 'GET' && r.path === path).length;
// The first render of a page compiles its lazy chunk: generous on a loaded machine.
const slow = { timeout: 20_000 };
const loginHeading = () => screen.findByRole('heading', { name: 'Admin Login' }, slow);

describe('the admin query cache', () => {
  it('shows the list at once from the cache when coming back from a record', async () => {
    const user = userEvent.setup();
    renderApp('/admin/applications');
    await user.click(await screen.findByRole('link', { name: /Esi Owusu/ }, slow));
    expect(await screen.findByRole('heading', { name: 'Esi Owusu' }, slow)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: '← All applications' }));
    // The list's rows are there as soon as it is shown: no "Loading..." in between.
    expect(screen.getByRole('heading', { name: 'Applications' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Esi Owusu/ })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  }, 40_000);

  it('reads again what a save changed: the dashboard after a message is marked read, without "Loading..."', async () => {
    const user = userEvent.setup();
    renderApp('/admin');
    expect(await screen.findByTestId('stat-newMessages', {}, slow)).toHaveTextContent('1');
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    await user.click(within(nav).getByRole('link', { name: 'Messages' }));
    await user.click(await screen.findByRole('button', { name: 'Mark Visa as read' }, slow));
    await waitFor(() => expect(backend.messages[0]?.read).toBe(true));
    await user.click(within(nav).getByRole('link', { name: 'Dashboard' }));
    // The cached dashboard shows at once, and is read again behind it (the save invalidated it).
    expect(screen.getByTestId('stat-newMessages')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('stat-newMessages')).toHaveTextContent('0'));
    expect(reads('/api/admin/dashboard')).toBe(2);
  }, 40_000);

  it('keeps a form open with what was typed while its list is read again', async () => {
    const user = userEvent.setup();
    const id = backend.applications[0]!.applicationId;
    notesBackend.notes.push({
      id: 'NT0',
      applicationId: id,
      author: 'admin@vandytravel.com',
      authorName: 'Admin User',
      text: 'Called on Monday',
      createdAt: '2026-01-06T10:00:00Z',
      editedAt: null,
      editedBy: '',
      version: 1,
    });
    renderApp(`/admin/applications/${id}`);
    const panel = (await screen.findByRole('heading', { name: 'Notes' }, slow)).closest(
      'section',
    ) as HTMLElement;
    await within(panel).findByText('Called on Monday', {}, slow);
    await user.click(within(panel).getByRole('button', { name: 'Edit' }));
    const editing = within(panel).getByLabelText('Edit note');
    await user.type(editing, ', again on Tuesday');

    // Another note is added: the notes are read again while the edit is open.
    await user.type(within(panel).getByLabelText('New note'), 'Passport received');
    await user.click(within(panel).getByRole('button', { name: 'Add note' }));
    expect(await within(panel).findByText('Passport received')).toBeInTheDocument();
    expect(reads(`/api/admin/applications/${id}/notes`)).toBe(2);
    // The same field, still open, with what was typed: nothing under the list remounted.
    expect(within(panel).getByLabelText('Edit note')).toBe(editing);
    expect(editing).toHaveValue('Called on Monday, again on Tuesday');
  }, 40_000);

  it('goes to sign-in once when several reads answer 401, and forgets what was read', async () => {
    const user = userEvent.setup();
    const id = backend.applications[0]!.applicationId;
    renderApp('/admin/applications');
    const row = await screen.findByRole('link', { name: /Esi Owusu/ }, slow);
    backend.signedIn = false; // the session expires: the record's five reads all answer 401
    await user.click(row);
    expect(await loginHeading()).toBeInTheDocument();
    expect(screen.queryByText('Not signed in')).not.toBeInTheDocument();
    backend.signedIn = true;
    const before = reads(`/api/admin/applications/${id}`);
    await user.click(await screen.findByRole('button', { name: FILL_PASSWORD }));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    // Back on the page the 401 interrupted (the one place the session ended from), read afresh.
    expect(await screen.findByRole('heading', { name: 'Esi Owusu' }, slow)).toBeInTheDocument();
    expect(reads(`/api/admin/applications/${id}`)).toBe(before + 1);
  }, 40_000);

  it('shows "User not authorized" once when the session check and a read both answer 403', async () => {
    const shown = vi.spyOn(toasts, 'notify');
    backend.signedIn = false;
    backend.sessionStatus = 403;
    backend.sessionDelay = 300;
    server.use(
      http.get('*/api/admin/dashboard', async () => {
        await delay(100);
        return HttpResponse.json({ message: 'User not authorized' }, { status: 403 });
      }),
    );
    await startRouteRead({ pathname: '/admin', search: '' });
    renderApp('/admin');
    expect(await loginHeading()).toBeInTheDocument();
    expect(await screen.findByText('User not authorized')).toBeInTheDocument();
    await act(() => delay(200)); // both have answered
    expect(shown.mock.calls.filter(([message]) => message === 'User not authorized')).toHaveLength(1);
  }, 40_000);
});

describe('the route read at entry', () => {
  it('asks for the list beside the session check, and the page takes that read over', async () => {
    let sessionAnswered = false;
    let listAskedBeforeSession: boolean | null = null;
    server.use(
      http.get('*/api/admin/session', async () => {
        await delay(200);
        sessionAnswered = true;
        return HttpResponse.json({ id: 'u1', email: 'admin@vandy.example', name: 'Ama Admin' });
      }),
      http.get('*/api/admin/applications', () => {
        listAskedBeforeSession ??= !sessionAnswered;
        return undefined; // the fake backend answers
      }),
    );
    await startRouteRead({ pathname: '/admin/applications', search: '?q=esi' });
    renderApp('/admin/applications?q=esi');
    expect(await screen.findByRole('link', { name: /Esi Owusu/ }, slow)).toBeInTheDocument();
    expect(listAskedBeforeSession).toBe(true);
    expect(reads('/api/admin/applications')).toBe(1);
  }, 40_000);

  it('forgets the read when the session check answers 401: signed in, the page reads again', async () => {
    const user = userEvent.setup();
    backend.signedIn = false;
    await startRouteRead({ pathname: '/admin/applications', search: '' });
    renderApp('/admin/applications');
    expect(await loginHeading()).toBeInTheDocument();
    await waitFor(() => expect(reads('/api/admin/applications')).toBe(1)); // answered 401
    backend.signedIn = true;
    await user.click(await screen.findByRole('button', { name: FILL_PASSWORD }));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('link', { name: /Esi Owusu/ }, slow)).toBeInTheDocument();
    expect(reads('/api/admin/applications')).toBe(2);
    expect(screen.queryByText('Not signed in')).not.toBeInTheDocument();
  }, 40_000);
});
