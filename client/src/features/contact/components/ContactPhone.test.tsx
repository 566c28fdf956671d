import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ContactForm } from './ContactForm';
import { answer, renderForm } from '@/lib/forms/testing';
import { fill } from '@/testing/fill';

const AMBIGUOUS =
  'This number is valid in more than one country (Ghana, United Arab Emirates): choose its country next to ' +
  'the number, or write it with its country code (+233 or +971)';

async function fillContact(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, screen.getByLabelText(/^Full Name/), 'Layla Haddad');
  await fill(user, screen.getByLabelText(/^Email Address/), 'layla@example.com');
  await fill(user, screen.getByLabelText(/^Subject/), 'Visa question');
  await fill(user, screen.getByLabelText(/^Message/), 'When can I travel?');
}

describe('PhoneField', () => {
  it('offers Ghana by default, the countries served first, then every other, each with its code', () => {
    renderForm(<ContactForm />);
    const country = screen.getByLabelText('Phone country');
    expect(country).toHaveAttribute('name', 'phoneRegion');
    expect(country).toHaveValue('GH');
    const groups = within(country).getAllByRole('group');
    expect(groups).toHaveLength(2);
    const [served, all] = groups as [HTMLElement, HTMLElement];
    expect(
      within(served)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Ghana (+233)',
      'United Arab Emirates (+971)',
      'Saudi Arabia (+966)',
      'Qatar (+974)',
      'Kuwait (+965)',
      'Bahrain (+973)',
      'Oman (+968)',
      'Singapore (+65)',
      'Malaysia (+60)',
    ]);
    expect(within(all).getAllByRole('option').length).toBeGreaterThan(200);
  });

  it('sends the chosen country with the number', async () => {
    const posted = answer('/contact-messages', 201, { id: 'VA1' });
    const user = userEvent.setup();
    renderForm(<ContactForm />);
    await fillContact(user);
    await user.selectOptions(screen.getByLabelText('Phone country'), 'AE');
    await user.type(screen.getByLabelText(/^Phone Number/), '050 123 4567');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(posted.bodies).toHaveLength(1));
    expect(posted.bodies[0]).toMatchObject({ phone: '050 123 4567', phoneRegion: 'AE' });
  });

  it("shows the server's ambiguity message under the number and focuses it", async () => {
    answer('/contact-messages', 422, { errors: { phone: AMBIGUOUS } });
    const user = userEvent.setup();
    renderForm(<ContactForm />);
    await fillContact(user);
    await user.type(screen.getByLabelText(/^Phone Number/), '050 123 4567');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const message = await screen.findByText(AMBIGUOUS);
    const phone = screen.getByLabelText(/^Phone Number/);
    await waitFor(() => expect(phone).toHaveFocus());
    expect(phone.getAttribute('aria-describedby')).toContain(message.id);
    await user.selectOptions(screen.getByLabelText('Phone country'), 'AE');
    expect(screen.queryByText(AMBIGUOUS)).toBeNull();
  });
});
