import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, hold, renderForm } from '@/lib/forms/testing';
import { fill } from '@/testing/fill';
import { CONTACT_FAILURE, CONTACT_SUCCESS, ContactForm } from './ContactForm';

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, screen.getByLabelText(/^Full Name/), 'Kofi Boateng');
  await fill(user, screen.getByLabelText(/^Email Address/), 'kofi@example.com');
  await fill(user, screen.getByLabelText(/^Subject/), 'Visa question');
  await fill(user, screen.getByLabelText(/^Message/), 'How long does a Qatar work visa take?');
}

describe('ContactForm', () => {
  it('shows each required message under its field and focuses the first', async () => {
    const user = userEvent.setup();
    renderForm(<ContactForm />);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    const name = screen.getByLabelText(/^Full Name/);
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name.getAttribute('aria-describedby')).toContain(screen.getByText('Name is required').id);
  });

  it('refuses an invalid e-mail and phone', async () => {
    const user = userEvent.setup();
    renderForm(<ContactForm />);
    await user.type(screen.getByLabelText(/^Email Address/), 'kofi@ example');
    await user.type(screen.getByLabelText(/^Phone Number/), 'hello');
    await user.tab();
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid phone number')).toBeInTheDocument();
  });

  it('sends, shows the success toast and resets', async () => {
    const reply = hold();
    const posted = answer('/contact-messages', 201, { id: 'VA1' }, reply.promise);
    const user = userEvent.setup();
    renderForm(<ContactForm />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    reply.release();
    expect(await screen.findByText(CONTACT_SUCCESS)).toBeInTheDocument();
    expect(posted.bodies[0]).toEqual({
      name: 'Kofi Boateng',
      email: 'kofi@example.com',
      subject: 'Visa question',
      message: 'How long does a Qatar work visa take?',
      whatsappOptIn: false,
      website: '',
    });
    await waitFor(() => expect(screen.getByLabelText(/^Full Name/)).toHaveValue(''));
  });

  it('offers WhatsApp updates unticked, naming the agency, and sends the tick', async () => {
    const posted = answer('/contact-messages', 201, { id: 'VA2' });
    const user = userEvent.setup();
    renderForm(<ContactForm />);
    const box = screen.getByRole('checkbox', {
      name: 'Send me updates on WhatsApp from Vandy Travel and Recruitment Services',
    });
    expect(box).not.toBeChecked();
    await fillValid(user);
    await fill(user, screen.getByLabelText(/^Phone Number/), '024 123 4567');
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(CONTACT_SUCCESS)).toBeInTheDocument();
    expect(posted.bodies[0]).toMatchObject({ phone: '024 123 4567', whatsappOptIn: true });
  });

  it('on a 422 shows the failure toast and the server messages, keeping the input', async () => {
    answer('/contact-messages', 422, { errors: { phone: 'Enter a valid phone number' } });
    const user = userEvent.setup();
    renderForm(<ContactForm />);
    await fillValid(user);
    await user.type(screen.getByLabelText(/^Phone Number/), '0000000');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(CONTACT_FAILURE)).toBeInTheDocument();
    expect(await screen.findByText('Enter a valid phone number')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Full Name/)).toHaveValue('Kofi Boateng');
    await waitFor(() => expect(screen.getByLabelText(/^Phone Number/)).toHaveFocus());
  });

  it('on a 429 says there were too many attempts', async () => {
    answer('/contact-messages', 429, { message: 'Too many requests' });
    const user = userEvent.setup();
    renderForm(<ContactForm />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(CONTACT_FAILURE)).toBeInTheDocument();
    expect(screen.getByText('Too many attempts. Please wait a minute and try again.')).toBeInTheDocument();
  });

  it('keeps the honeypot away from people and screen readers', () => {
    const { container } = renderForm(<ContactForm />);
    const trap = container.querySelector('input[name="website"]');
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull();
  });
});
