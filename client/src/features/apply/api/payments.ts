/**
 * The processing fee (issue 14). The server holds the Paystack secret key; the browser only
 * asks it to start a payment (and is sent to Paystack's checkout by a top-level navigation)
 * and, back on the result page, to verify one.
 */
import type { components } from '@/generated/api';
import { client, ok } from '@/lib/api-client';

type Schemas = components['schemas'];

export type PaymentState = Schemas['PaymentState'];

/** The fee and whether payments work ("$50" as shown; `test`: the built-in checkout, no money taken). */
export type PaymentConfig = Schemas['PaymentConfig'];

/** Where to send the visitor (Paystack's checkout, or the built-in test one) and the payment's reference. */
export type PaymentStarted = Schemas['PaymentStarted'];

/** A payment as verified on the result page (`state`: unpaid, pending, paid or failed). */
export type PaymentStatus = Schemas['PaymentStatus'];

/** The fee this application owes, as the fee policy decided it at submission (issue 26); `due` false: none. */
export type FeeDue = Schemas['FeeDueOut'];

const application = (applicationId: string) => ({ path: { application_id: applicationId } });

export const getFeeDue = (applicationId: string, paymentKey: string): Promise<FeeDue> =>
  ok(
    client.POST('/api/applications/{application_id}/fee', {
      params: application(applicationId),
      body: { paymentKey },
    }),
  );

export const getPaymentConfig = (signal?: AbortSignal): Promise<PaymentConfig> =>
  ok(client.GET('/api/payments/config', { signal }));

let preloaded: Promise<PaymentConfig> | null = null;
let preloadedConfig: PaymentConfig | null = null;

/**
 * Fetches the payment settings once, ahead of the payment modal (the wizard's last step): the modal
 * then shows the fee and the Pay button at once (issue 43). A failure is forgotten, to be asked again.
 */
export function preloadPaymentConfig(): Promise<PaymentConfig> {
  preloaded ??= getPaymentConfig().then(
    (config) => (preloadedConfig = config),
    (error: unknown) => {
      preloaded = null;
      throw error;
    },
  );
  return preloaded;
}

/** Forgets the settings fetched ahead (tests, each with its own settings). */
export function forgetPaymentConfig(): void {
  preloaded = null;
  preloadedConfig = null;
}

/** The payment settings fetched ahead, when they have come. */
export function preloadedPaymentConfig(): PaymentConfig | null {
  return preloadedConfig;
}

/** Starting a payment needs the application's payment key (the ID alone can be guessed). */
export const startPayment = (applicationId: string, paymentKey: string): Promise<PaymentStarted> =>
  ok(
    client.POST('/api/applications/{application_id}/payment', {
      params: application(applicationId),
      body: { paymentKey },
    }),
  );

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

export const verifyPayment = (reference: string, signal?: AbortSignal): Promise<PaymentStatus> =>
  ok(client.GET('/api/payments/{reference}', { params: { path: { reference } }, signal }));

/** Leave the site for Paystack's checkout: a plain navigation (no inline script, CSP-friendly). */
export function goToCheckout(url: string): void {
  window.location.assign(url);
}
