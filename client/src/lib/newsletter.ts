import type { components } from '@/generated/api';
import { client, ok } from '@/lib/api-client';

type Schemas = components['schemas'];

export const NEWSLETTER_SUCCESS = 'Thank you for subscribing! Check your email for a welcome message.';
export const NEWSLETTER_FAILURE = 'Failed to subscribe. Please try again.';

/**
 * 201 {id} (a repeat e-mail updates the interests); 422 {errors}; 429 {message}. The payload is the
 * form's values picked by the newsletter rules, the rules `NewsletterSubscriptionIn` is generated from.
 */
export function subscribeNewsletter(payload: Record<string, unknown>): Promise<Schemas['RecordCreated']> {
  return ok(
    client.POST('/api/newsletter-subscriptions', { body: payload as Schemas['NewsletterSubscriptionIn'] }),
  );
}
