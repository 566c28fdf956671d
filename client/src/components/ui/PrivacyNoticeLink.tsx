import { paths } from '@/config/paths';

/** Beside a form's consent checkbox: where the privacy notice (and the terms) can be read, in a new tab
 * so a half-filled form is kept. Plain links: forms also render outside a router. */
export function PrivacyNoticeLink() {
  return (
    <small className="field__hint">
      How we use your data: read our{' '}
      <a href={paths.privacy} target="_blank" rel="noopener">
        Privacy Policy
      </a>{' '}
      and{' '}
      <a href={paths.terms} target="_blank" rel="noopener">
        Terms of Service
      </a>
      .
    </small>
  );
}
