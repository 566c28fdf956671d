import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { constants } from '@/config/rules';
import { agencyToday } from '@/lib/forms/schema-from-rules';
import { answer, hold, renderForm } from '@/lib/forms/testing';
import { server } from '@/testing/msw-server';
import { APPOINTMENT_SUCCESS, AppointmentForm } from './AppointmentForm';

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Full Name/), 'Ama Owusu');
  await user.type(screen.getByLabelText(/^Email Address/), 'ama@example.com');
  await user.type(screen.getByLabelText(/^Phone Number/), '024 123 4567');
  await user.click(screen.getByLabelText('Visa Services'));
  fireEvent.change(screen.getByLabelText(/^Preferred Date/), { target: { value: '2099-03-02' } });
  await user.selectOptions(screen.getByLabelText(/^Preferred Time/), '10:00 AM');
  await user.click(screen.getByLabelText(/I agree to be contacted/));
}

describe('AppointmentForm', () => {
  it('offers the six service types as radios, the nine slots and today as the minimum date', () => {
    renderForm(<AppointmentForm />);
    const group = screen.getByRole('group', { name: /Service Type/ });
    expect(within(group).getAllByRole('radio')).toHaveLength(6);
    const slots = within(screen.getByLabelText(/^Preferred Time/))
      .getAllByRole('option')
      .slice(1);
    expect(slots.map((o) => o.textContent)).toEqual(constants.appointmentTimeSlots);
    expect(slots).toHaveLength(9);
    expect(screen.getByLabelText(/^Preferred Date/)).toHaveAttribute('min', agencyToday());
  });

  it('shows every required message', async () => {
    const user = userEvent.setup();
    renderForm(<AppointmentForm />);
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    for (const text of [
      'Full name is required',
      'Email is required',
      'Phone number is required',
      'Service type is required',
      'Preferred date is required',
      'Preferred time is required',
      'You must agree to the terms',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    await waitFor(() => expect(screen.getByLabelText(/^Full Name/)).toHaveFocus());
  });

  it('refuses a date before today', async () => {
    renderForm(<AppointmentForm />);
    const date = screen.getByLabelText(/^Preferred Date/);
    fireEvent.change(date, { target: { value: '2020-01-01' } });
    fireEvent.blur(date);
    expect(await screen.findByText('Choose today or a later date')).toBeInTheDocument();
  });

  it('books, reads "Booking..." while working, shows the reference and resets', async () => {
    const reply = hold();
    const posted = answer('/appointments', 201, { reference: 'VA1700000000000' }, reply.promise);
    const user = userEvent.setup();
    renderForm(<AppointmentForm />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(await screen.findByRole('button', { name: 'Booking...' })).toBeDisabled();
    reply.release();
    expect(await screen.findByText(APPOINTMENT_SUCCESS)).toBeInTheDocument();
    expect(screen.getByText('Your booking reference: VA1700000000000')).toBeInTheDocument();
    expect(posted.bodies[0]).toMatchObject({
      fullName: 'Ama Owusu',
      serviceType: 'visa-services',
      preferredDate: '2099-03-02',
      preferredTime: '10:00 AM',
      consent: true,
      website: '',
    });
    await waitFor(() => expect(screen.getByLabelText(/^Full Name/)).toHaveValue(''));
  });

  it('shows the failure toast when the API fails', async () => {
    answer('/appointments', 500, { message: 'Something went wrong on our side. Please try again.' });
    const user = userEvent.setup();
    renderForm(<AppointmentForm />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(
      await screen.findByText(
        // spec §8, word for word (not the component's constant: a typo there must fail here)
        'Failed to book appointment. Please try again or contact us directly.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Full Name/)).toHaveValue('Ama Owusu');
  });

  it('shows full and past slots disabled, their text unchanged, and offers the free ones again after a 409', async () => {
    let full = new Set(['09:00 AM']);
    server.use(
      http.get('*/api/appointment-slots', ({ request }) => {
        const date = new URL(request.url).searchParams.get('date') ?? '';
        const slots = constants.appointmentTimeSlots.map((time) => ({
          time,
          startsAt: `${date}T00:00:00Z`,
          state: full.has(time) ? 'full' : 'free',
          free: full.has(time) ? 0 : 1,
        }));
        return HttpResponse.json({ date, timeZone: 'Africa/Accra', zoneName: 'GMT', slots });
      }),
    );
    answer('/appointments', 409, { message: 'This time slot is fully booked. Please choose another time.' });
    const user = userEvent.setup();
    renderForm(<AppointmentForm />);
    const time = () => screen.getByRole('option', { name: '10:00 AM' });
    await fillValid(user);
    expect(screen.getByRole('option', { name: '09:00 AM' })).toBeDisabled();
    expect(time()).toBeEnabled();
    full = new Set(['09:00 AM', '10:00 AM']);
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(
      await screen.findByText('This time slot is fully booked. Please choose another time.', {
        selector: '.field-error, [id$="-error"]',
      }),
    ).toBeInTheDocument();
    await waitFor(() => expect(time()).toBeDisabled());
    expect(screen.getByLabelText(/^Preferred Time/)).toHaveValue('');
    expect(time().textContent).toBe('10:00 AM');
    expect(screen.getByRole('option', { name: '11:00 AM' })).toBeEnabled();
    expect(screen.getByLabelText(/^Full Name/)).toHaveValue('Ama Owusu');
  });
});
