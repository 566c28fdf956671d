import { useFormik } from 'formik';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LogoMark } from '@/components/ui/Logo';
import { replay, typedBeforeHydration } from '@/lib/form-replay';
import { takePendingAction } from '@/lib/pending-form-actions';
import { schemaFromRules } from '@/lib/forms/schema-from-rules';
import {
  getDemoCredentials,
  useAdminSession,
  useAdminTitle,
  type LoginLocationState,
} from '@/features/admin-shell';

export const FILL_PASSWORD = 'Click to fill password';

/** The sign-in form's rules as the server has them (rules.json `adminLogin`). */
const loginSchema = schemaFromRules('adminLogin');

// A type (not an interface): the form-replay helpers take any record of values.
type Credentials = {
  email: string;
  password: string;
};

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

/**
 * The form is pre-rendered into /admin/login's HTML (scripts/admin-pages.mjs): once it has hydrated,
 * what was typed into it before is taken in, then a Sign In pressed meanwhile (held by
 * lib/pending-form-actions.ts, as the public forms' are: never a GET with the password in its URL) is
 * replayed.
 */
function useTakeOverPrerenderedForm(
  form: RefObject<HTMLFormElement | null>,
  initial: Credentials,
  setValues: (values: Credentials, validate: boolean) => unknown,
) {
  const first = useRef({ initial, setValues });
  useLayoutEffect(() => {
    const element = form.current;
    if (!element) return undefined;
    const action = takePendingAction(element);
    const typed = typedBeforeHydration(element, first.current.initial);
    if (typed) void first.current.setValues(typed, false);
    if (!action) return undefined;
    const timer = window.setTimeout(() => replay(element, action), 0);
    return () => window.clearTimeout(timer);
  }, [form]);
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
  const formRef = useRef<HTMLFormElement>(null);
  useTakeOverPrerenderedForm(formRef, form.initialValues, setValues);

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

  // While the session check runs the form is already there (pre-rendered): a person signing in
  // types at once; an admin already signed in goes on as soon as the check answers.
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
        <form ref={formRef} className="admin-form" onSubmit={form.handleSubmit} data-form-shell="">
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
