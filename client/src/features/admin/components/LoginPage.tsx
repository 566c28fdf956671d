import { useFormik } from 'formik';
import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LogoMark } from '@/components/ui/Logo';
import { getDemoCredentials } from '../api/endpoints';
import { AdminLoading, type LoginLocationState } from '../session/RequireAdmin';
import { useAdminSession } from '../session/session';
import { schemaFromRules } from '@/lib/forms/schema-from-rules';
import { useAdminTitle } from './hooks';

export const FILL_PASSWORD = 'Click to fill password';

/** The sign-in form's rules as the server has them (rules.json `adminLogin`). */
const loginSchema = schemaFromRules('adminLogin');

interface Credentials {
  email: string;
  password: string;
}

/** Where to go once signed in: the remembered page of an expired session, else the dashboard. */
function returnTarget(from: string | undefined): string {
  return from && from.startsWith('/admin') && !from.startsWith('/admin/login') ? from : '/admin';
}

function describedByError(id: string, message: string | undefined) {
  return { 'aria-invalid': message ? true : undefined, 'aria-describedby': message ? id : undefined };
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p className="admin-error" id={id} role="alert">
      {message}
    </p>
  ) : null;
}

/** /admin/login: e-mail and password; in demo mode the demo e-mail is pre-filled (spec section 2). */
export default function LoginPage() {
  useAdminTitle('Admin Login');
  const { state, login } = useAdminSession();
  const location = useLocation();
  const from = (location.state as LoginLocationState | null)?.from;
  const [demo, setDemo] = useState<{ email: string; password: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The browser's own checks (required, type="email") come first; the rules' messages after them.
  const form = useFormik<Credentials>({
    initialValues: { email: '', password: '' },
    validationSchema: loginSchema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async ({ email, password }) => {
      setSubmitting(true);
      const ok = await login(email.trim(), password);
      if (!ok) setSubmitting(false);
    },
  });
  const { setValues } = form;
  const { email, password } = form.values;

  useEffect(() => {
    const controller = new AbortController();
    getDemoCredentials(controller.signal).then(
      (credentials) => {
        setDemo(credentials);
        void setValues((current) => ({ ...current, email: current.email || credentials.email }), false);
      },
      () => undefined, // 404 outside demo mode: nothing to show
    );
    return () => controller.abort();
  }, [setValues]);

  if (state.status === 'loading') return <AdminLoading />;
  // Signed in (now or already): the remembered page of an expired session, else the dashboard.
  const target = returnTarget(from);
  if (state.status === 'authenticated') return <Navigate to={target} replace />;

  const showDemo = demo !== null && email.trim().toLowerCase() === demo.email.toLowerCase();

  return (
    <main id="main" className="admin-login">
      <div className="admin-login__card">
        <div className="admin-login__brand">
          <LogoMark size={56} />
        </div>
        <h1 className="admin-login__title">Admin Login</h1>
        <p className="admin-login__lead">Sign in to manage applications, jobs, messages and the blog.</p>
        <form className="admin-form" onSubmit={form.handleSubmit}>
          <div className="admin-field">
            <label htmlFor="admin-email">Email</label>
            <input
              id="admin-email"
              name="email"
              type="email"
              required
              autoComplete="username"
              value={email}
              onChange={(event) => void form.setFieldValue('email', event.target.value)}
              {...describedByError('admin-email-error', form.errors.email)}
            />
            <FieldError id="admin-email-error" message={form.errors.email} />
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
              onChange={(event) => void form.setFieldValue('password', event.target.value)}
              {...describedByError('admin-password-error', form.errors.password)}
            />
            <FieldError id="admin-password-error" message={form.errors.password} />
          </div>
          {showDemo ? (
            <div className="admin-demo" data-testid="demo-password">
              <p>
                Default password: <code>{demo.password}</code>
              </p>
              <button
                type="button"
                className="admin-button admin-button--ghost"
                onClick={() => void form.setFieldValue('password', demo.password)}
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
