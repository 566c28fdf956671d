import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/testing/msw-server';
import { renderApp } from '@/app/testing/render-app';
import { FILL_PASSWORD } from '@/features/admin-login/LoginPage';
import { ADMIN, DEMO, adminBackend, adminHandlers, backend } from '@/app/testing/admin-backend';

beforeEach(() => {
  adminBackend();
  server.use(...adminHandlers);
});

const loginHeading = () => screen.findByRole('heading', { name: 'Admin Login' });

describe('admin guard', () => {
  it('shows "Loading..." while the session is checked, then sends a signed-out visitor to the login page', async () => {
    backend.sessionDelay = 80;
    renderApp('/admin/applications');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(await loginHeading()).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin sections' })).not.toBeInTheDocument();
  });

  it('lets a signed-in admin in: sidebar in the spec order, the admin name in the header', async () => {
    backend.signedIn = true;
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    const labels = within(nav)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(labels).toEqual([
      'Dashboard',
      'Applications',
      'Jobs',
      'Messages',
      'Appointments',
      'Calendar',
      'Employers',
      'Job orders',
      'Pipeline',
      'Departure gates',
      'Welfare',
      'Subscribers',
      'Templates',
      'Newsletter',
      'Phones to confirm',
      'Blog Posts',
      'Settings',
      'Operations',
      'Logout',
    ]);
    expect(screen.getByTestId('admin-name')).toHaveTextContent(ADMIN.name);
    expect(await screen.findByText('Total Applications')).toBeInTheDocument();
    expect(screen.getByText('Active Jobs')).toBeInTheDocument();
    expect(screen.getByText('New Messages')).toBeInTheDocument();
    expect(screen.getByTestId('stat-totalApplications')).toHaveTextContent('2');
    expect(screen.getByTestId('appointments-today')).toHaveTextContent('2');
    expect(screen.getByTestId('no-show-rate')).toHaveTextContent('25%');
    expect(screen.getByText('New')).toBeInTheDocument();
  });

  it('a signed-in user who is not an admin gets "User not authorized" and the login page', async () => {
    backend.sessionStatus = 403;
    renderApp('/admin/dashboard');
    expect(await screen.findByText('User not authorized')).toBeInTheDocument();
    expect(await loginHeading()).toBeInTheDocument();
  });

  it('a failing role check shows "Failed to verify admin role"', async () => {
    backend.sessionStatus = 503;
    renderApp('/admin');
    expect(await screen.findByText('Failed to verify admin role')).toBeInTheDocument();
    expect(await loginHeading()).toBeInTheDocument();
  });

  it('a 401 from a later admin call (expired session) returns to login and back to the remembered page', async () => {
    backend.signedIn = true;
    const user = userEvent.setup();
    renderApp('/admin/messages');
    expect(await screen.findByRole('heading', { name: 'Messages' })).toBeInTheDocument();
    await screen.findByText('Visa');
    backend.signedIn = false; // the server-side session expires
    await user.click(screen.getByRole('button', { name: 'Mark Visa as read' }));
    expect(await loginHeading()).toBeInTheDocument();
    expect(screen.queryByText('Not signed in')).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: FILL_PASSWORD }));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Messages' })).toBeInTheDocument();
  });

  it('a 403 "User not authorized" from a later call (role removed) toasts and returns to login', async () => {
    backend.signedIn = true;
    server.use(
      http.get('*/api/admin/dashboard', () =>
        HttpResponse.json({ message: 'User not authorized' }, { status: 403 }),
      ),
    );
    renderApp('/admin');
    expect(await screen.findByText('User not authorized')).toBeInTheDocument();
    expect(await loginHeading()).toBeInTheDocument();
  });
});

describe('admin login', () => {
  it('in demo mode pre-fills the demo e-mail, shows the demo password and fills it on click', async () => {
    const user = userEvent.setup();
    renderApp('/admin/login');
    await loginHeading();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    await waitFor(() => expect(email).toHaveValue(DEMO.email));
    expect(screen.getByTestId('demo-password')).toHaveTextContent(DEMO.password);
    await user.click(screen.getByRole('button', { name: FILL_PASSWORD }));
    expect(screen.getByLabelText('Password')).toHaveValue(DEMO.password);
    await user.type(email, 'x');
    expect(screen.queryByRole('button', { name: FILL_PASSWORD })).not.toBeInTheDocument();
    expect(screen.queryByTestId('demo-password')).not.toBeInTheDocument();
  });

  it('outside demo mode shows neither the demo e-mail nor the password', async () => {
    backend.demo = false;
    renderApp('/admin/login');
    await loginHeading();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.queryByRole('button', { name: FILL_PASSWORD })).not.toBeInTheDocument();
  });

  it('signs in with the CSRF header, toasts "Login successful" and opens the dashboard', async () => {
    const user = userEvent.setup();
    renderApp('/admin/login');
    await loginHeading();
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue(DEMO.email));
    await user.click(screen.getByRole('button', { name: FILL_PASSWORD }));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    const post = backend.requests.find((r) => r.method === 'POST' && r.path === '/api/admin/session');
    expect(post?.csrf).toBe('token-0');
  });

  it('shows the provider message, or "Invalid credentials" when there is none', async () => {
    const user = userEvent.setup();
    renderApp('/admin/login');
    await loginHeading();
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Wrong email or password')).toBeInTheDocument();
    server.use(http.post('*/api/admin/session', () => HttpResponse.json({}, { status: 401 })));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid credentials')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
  });

  it('refuses a non-admin with "User not authorized"', async () => {
    const user = userEvent.setup();
    renderApp('/admin/login');
    await loginHeading();
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveValue(DEMO.email));
    await user.clear(email);
    await user.type(email, 'user@example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('User not authorized')).toBeInTheDocument();
  });
});

describe('admin logout', () => {
  it('toasts "Logged out successfully" and returns to the login page', async () => {
    backend.signedIn = true;
    const user = userEvent.setup();
    renderApp('/admin/settings');
    await screen.findByRole('heading', { name: 'Settings' });
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(await loginHeading()).toBeInTheDocument();
    const del = backend.requests.find((r) => r.method === 'DELETE');
    expect(del?.csrf).toBe('token-0');
  });

  it('toasts "Failed to logout" and stays when the sign-out fails', async () => {
    backend.signedIn = true;
    backend.logoutFails = true;
    const user = userEvent.setup();
    renderApp('/admin');
    await screen.findByRole('heading', { name: 'Dashboard' });
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Failed to logout')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });
});

describe('applications', () => {
  it('changes a status with the current CSRF token and shows the SMS history', async () => {
    backend.signedIn = true;
    backend.csrf = 'token-after-login';
    document.cookie = `csrftoken=${backend.csrf}; path=/`;
    const user = userEvent.setup();
    renderApp('/admin/applications/VA1700000000002');
    expect(await screen.findByRole('heading', { name: 'Esi Owusu' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CV' })).toHaveAttribute(
      'href',
      '/api/admin/applications/VA1700000000002/files/cv',
    );
    expect(screen.getByText('No text messages yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark as Processing' }));
    // The confirmation shows the SMS first; nothing changes until it is confirmed.
    const dialog = await screen.findByRole('dialog', { name: 'Move 1 applicant to Processing?' });
    expect(dialog).toHaveTextContent('Dear Esi Owusu, your application is now processing.');
    expect(dialog).toHaveTextContent('1 SMS, 1 part per message, 1 part in all.');
    await user.click(screen.getByRole('button', { name: 'Move 1 applicant to Processing' }));
    expect(await screen.findByText(/Moved 1 applicant to Processing\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    const post = backend.requests.find((r) => r.path.endsWith('/bulk/status'));
    expect(post).toMatchObject({
      csrf: 'token-after-login',
      body: { status: 'processing', applicationIds: ['VA1700000000002'], bulkId: 'BK1' },
    });
  });

  it('lists, searches and marks unopened applications New', async () => {
    backend.signedIn = true;
    const user = userEvent.setup();
    renderApp('/admin/applications');
    expect(await screen.findByRole('link', { name: 'Esi Owusu' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kofi Boateng' })).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByText('New')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/applications/export.csv',
    );
    await user.type(screen.getByLabelText('Search applications'), 'esi');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Kofi Boateng' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/applications/export.csv?q=esi',
    );
  });
});
