import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, renderForm } from '@/lib/forms/testing';
import { NEWSLETTER_SUCCESS } from '@/lib/newsletter';
import BlogNewsletterForm from './BlogNewsletterBox';

describe('BlogNewsletterForm', () => {
  it('subscribes from the blog sidebar and resets', async () => {
    const posted = answer('/newsletter-subscriptions', 201, { id: 'NL2' });
    const user = userEvent.setup();
    renderForm(<BlogNewsletterForm />);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Your Name/), 'Kojo');
    await user.type(screen.getByLabelText(/^Email Address/), 'kojo@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText(NEWSLETTER_SUCCESS)).toBeInTheDocument();
    expect(posted.bodies[0]).toEqual({ name: 'Kojo', email: 'kojo@example.com', website: '' });
    await waitFor(() => expect(screen.getByLabelText(/^Email Address/)).toHaveValue(''));
  });
});
