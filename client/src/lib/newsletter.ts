import { api } from '@/lib/api-client';

export const NEWSLETTER_SUCCESS = 'Thank you for subscribing! Check your email for a welcome message.';
export const NEWSLETTER_FAILURE = 'Failed to subscribe. Please try again.';

/** POST /api/newsletter-subscriptions: 201 {id} (a repeat e-mail updates the interests); 422 {errors}; 429 {message}. */
export function subscribeNewsletter(payload: Record<string, unknown>): Promise<{ id: string }> {
  return api.post<{ id: string }>('/newsletter-subscriptions', payload);
}
