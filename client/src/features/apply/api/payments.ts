/**
 * The processing fee (issue 14). The server holds the Paystack secret key; the browser only
 * asks it to start a payment (and is sent to Paystack's checkout by a top-level navigation)
 * and, back on the result page, to verify one.
 */
import { api } from '@/lib/api-client';

export type PaymentState = 'unpaid' | 'pending' | 'paid' | 'failed';

export interface PaymentConfig {
  available: boolean;
  amount: string;
  currency: string;
  /** As shown: "$50". */
  label: string;
  unavailableMessage: string | null;
  /** The built-in test checkout (demo mode without Paystack keys): no money is taken. */
  test: boolean;
}

export interface PaymentStarted {
  authorizationUrl: string;
  reference: string;
}

export interface PaymentStatus {
  applicationId: string;
  state: PaymentState;
  reference: string | null;
  amount: string | null;
  currency: string | null;
  channel: string | null;
  paidAt: string | null;
}

/** The fee this application owes, as the fee policy decided it at submission (issue 26). */
export interface FeeDue {
  /** False: no fee for this application; the payment step is skipped. */
  due: boolean;
  amount: string;
  currency: string;
  /** As shown: "$50" or "No fee". */
  label: string;
  /** Why this fee (or no fee) applies; may be empty for the default fee. */
  reason: string;
}

export const getFeeDue = (applicationId: string, paymentKey: string) =>
  api.post<FeeDue>(`/applications/${encodeURIComponent(applicationId)}/fee`, { paymentKey });

export const getPaymentConfig = (signal?: AbortSignal) => api.get<PaymentConfig>('/payments/config', signal);

/** Starting a payment needs the application's payment key (the ID alone can be guessed). */
export const startPayment = (applicationId: string, paymentKey: string) =>
  api.post<PaymentStarted>(`/applications/${encodeURIComponent(applicationId)}/payment`, { paymentKey });

const KEY_PREFIX = 'payment-key:';

/**
 * The payment key, kept for this tab only (sessionStorage), so that "Try again" on the result
 * page, after the checkout, can start a new attempt.
 */
export function rememberPaymentKey(applicationId: string, paymentKey: string): void {
  try {
    window.sessionStorage.setItem(KEY_PREFIX + applicationId, paymentKey);
  } catch {
    // storage refused (private mode): the key from the e-mail still works
  }
}

export function paymentKeyOf(applicationId: string): string | null {
  try {
    return window.sessionStorage.getItem(KEY_PREFIX + applicationId);
  } catch {
    return null;
  }
}

export const verifyPayment = (reference: string, signal?: AbortSignal) =>
  api.get<PaymentStatus>(`/payments/${encodeURIComponent(reference)}`, signal);

/** Leave the site for Paystack's checkout: a plain navigation (no inline script, CSP-friendly). */
export function goToCheckout(url: string): void {
  window.location.assign(url);
}
