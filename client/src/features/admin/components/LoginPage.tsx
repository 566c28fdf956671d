import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LogoMark } from '@/components/ui/Logo';
import { getDemoCredentials } from '../api/endpoints';
import { AdminLoading, type LoginLocationState } from '../session/RequireAdmin';
import { useAdminSession } from '../session/session';
import { useAdminTitle } from './hooks';

export const FILL_PASSWORD = 'Click to fill password';

/** /admin/login: e-mail and password; in demo mode the demo e-mail is pre-filled (spec section 2). */
export default function LoginPage() {
  useAdminTitle('Admin Login');
  const { state, login } = useAdminSession();
  const location = useLocation();
  const from = (location.state as LoginLocationState | null)?.from;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [demo, setDemo] = useState<{ email: string; password: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getDemoCredentials(controller.signal).then(
      (credentials) => {
        setDemo(credentials);
        setEmail((current) => current || credentials.email);
      },
      () => undefined, // 404 outside demo mode: nothing to show
    );
    return () => controller.abort();
  }, []);

  if (state.status === 'loading') return <AdminLoading />;
  // Signed in (now or already): the remembered page of an expired session, else the dashboard.
  const target = from && from.startsWith('/admin') && !from.startsWith('/admin/login') ? from : '/admin';
  if (state.status === 'authenticated') return <Navigate to={target} replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitting(true);
    const ok = await login(email.trim(), password);
    if (!ok) setSubmitting(false);
  };

  const showDemo = demo !== null && email.trim().toLowerCase() === demo.email.toLowerCase();

  return (
    <main id="main" className="admin-login">
      <div className="admin-login__card">
        <div className="admin-login__brand">
          <LogoMark size={56} />
        </div>
        <h1 className="admin-login__title">Admin Login</h1>
        <p className="admin-login__lead">Sign in to manage applications, jobs, messages and the blog.</p>
        <form className="admin-form" onSubmit={onSubmit}>
          <div className="admin-field">
            <label htmlFor="admin-email">Email</label>
            <input
              id="admin-email"
              name="email"
              type="email"
              required
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <div className="admin-field">
            <label htmlFor="admin-password">Password</label>
            <input
              id="admin-password"
              name="password"
              type="password"
              required
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
          {showDemo ? (
            <div className="admin-demo" data-testid="demo-password">
              <p>
                Default password: <code>{demo.password}</code>
              </p>
              <button
                type="button"
                className="admin-button admin-button--ghost"
                onClick={() => setPassword(demo.password)}
              >
                {FILL_PASSWORD}
              </button>
            </div>
          ) : null}
          <button
            type="submit"
            className="admin-button admin-button--primary admin-button--block"
            disabled={submitting}
          >
            {submitting ? 'Signing in...' : 'Sign In'}
          </button>
        </form>
      </div>
    </main>
  );
}
