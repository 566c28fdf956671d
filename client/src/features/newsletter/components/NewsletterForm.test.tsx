import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, renderForm } from '@/lib/forms/testing';
import { NEWSLETTER_SUCCESS } from '@/lib/newsletter';
import { NewsletterForm } from './NewsletterForm';

describe('NewsletterForm', () => {
  it('requires a name and a valid e-mail', async () => {
    const user = userEvent.setup();
    const done = vi.fn();
    renderForm(<NewsletterForm onSubscribed={done} />);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email Address/), 'not-an-email');
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(done).not.toHaveBeenCalled();
  });

  it('subscribes with the chosen interests', async () => {
    const posted = answer('/newsletter-subscriptions', 201, { id: 'NL1' });
    const user = userEvent.setup();
    const done = vi.fn();
    renderForm(<NewsletterForm onSubscribed={done} />);
    await user.type(screen.getByLabelText(/^Full Name/), 'Efua Asante');
    await user.type(screen.getByLabelText(/^Email Address/), 'efua@example.com');
    await user.click(screen.getByLabelText('Visa Updates'));
    await user.click(screen.getByLabelText('Study Abroad'));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText(NEWSLETTER_SUCCESS)).toBeInTheDocument();
    expect(done).toHaveBeenCalledOnce();
    expect(posted.bodies[0]).toEqual({
      name: 'Efua Asante',
      email: 'efua@example.com',
      interests: ['Visa Updates', 'Study Abroad'],
      website: '',
    });
  });

  it('shows the failure toast and still finishes', async () => {
    answer('/newsletter-subscriptions', 500, { message: 'x' });
    const user = userEvent.setup();
    const done = vi.fn();
    renderForm(<NewsletterForm onSubscribed={done} />);
    await user.type(screen.getByLabelText(/^Full Name/), 'Efua Asante');
    await user.type(screen.getByLabelText(/^Email Address/), 'efua@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(
      await screen.findByText(
        // spec §8, word for word (not the component's constant: a typo there must fail here)
        'Failed to subscribe. Please try again.',
      ),
    ).toBeInTheDocument();
    expect(done).toHaveBeenCalledOnce();
  });
});
