import seed from '../../../src/adapters/seed/blog_posts.json';

/** The seeded posts the backend serves, reused so tests and server share one source. */
export const blogPosts = [...seed].sort((a, b) => b.date.localeCompare(a.date));

/** GET /api/payments/config of a server without Paystack keys outside demo mode (production). */
export const noPaymentsConfig = {
  available: false,
  amount: '50',
  currency: 'USD',
  label: '$50',
  unavailableMessage:
    'Online payment is not available yet. Please pay the processing fee at our office in ' +
    'Kumasi, Ghana (Mon-Fri 8:00-18:00) and quote your application ID.',
  test: false,
};
