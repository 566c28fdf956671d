import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { constants } from '@/config/rules';
import { agencyToday } from '@/lib/forms/schema-from-rules';
import { answer, hold, renderForm } from '@/lib/forms/testing';
import { fill } from '@/testing/fill';
import { server } from '@/testing/msw-server';
import { ADD_TO_CALENDAR, APPOINTMENT_SUCCESS, AppointmentForm } from './AppointmentForm';

/** The booking window's answer: `taken` per day, as GET /api/appointment-slots/window gives it. */
function windowAnswer(taken: () => Record<string, string[]>, closed: string[] = []) {
  const asked = { window: 0, day: 0 };
  server.use(
    http.get('*/api/appointment-slots/window', () => {
      asked.window += 1;
      return HttpResponse.json({
        first: '2000-01-01',
        last: '2100-12-31',
        timeZone: 'Africa/Accra',
        closed,
        taken: taken(),
      });
    }),
    http.get('*/api/appointment-slots', () => {
      asked.day += 1;
      return HttpResponse.json({ message: 'not asked in these tests' }, { status: 500 });
    }),
  );
  return asked;
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, screen.getByLabelText(/^Full Name/), 'Ama Owusu');
  await fill(user, screen.getByLabelText(/^Email Address/), 'ama@example.com');
  await fill(user, screen.getByLabelText(/^Phone Number/), '024 123 4567');
  await user.click(screen.getByLabelText('Visa Services'));
  fireEvent.change(screen.getByLabelText(/^Preferred Date/), { target: { value: '2099-03-02' } });
  await user.selectOptions(screen.getByLabelText(/^Preferred Time/), '10:00 AM');
  await user.click(screen.getByLabelText(/I agree to be contacted/));
}

/** Books 10:00 AM while 9:00 is full; `takeTen` makes 10:00 full too before the submit, whose 409
 * leaves the form with 10:00 disabled, no time chosen and what was typed kept. */
async function bookTheSlotTakenMeanwhile(takeTen: () => void): Promise<void> {
  const user = userEvent.setup();
  renderForm(<AppointmentForm />);
  const time = () => screen.getByRole('option', { name: '10:00 AM' });
  await fillValid(user);
  expect(screen.getByRole('option', { name: '09:00 AM' })).toBeDisabled();
  expect(time()).toBeEnabled();
  takeTen();
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
}

describe('AppointmentForm', () => {
  beforeEach(() => {
    windowAnswer(() => ({}));
  });

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
    const calendarUrl = '/appointment/calendar.ics?token=Xq7Zt2mK9vR4pY8wLs3nB6';
    const posted = answer('/appointments', 201, { reference: 'VA1700000000000', calendarUrl }, reply.promise);
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
      whatsappOptIn: false,
      website: '',
    });
    await waitFor(() => expect(screen.getByLabelText(/^Full Name/)).toHaveValue(''));
    // the booking stays on the page after the toast, with its weekday and its calendar file
    const booked = screen.getByRole('status', { name: 'Your booking' });
    expect(booked).toHaveTextContent('Booked for Monday, 2 March 2099 at 10:00 AM.');
    const link = within(booked).getByRole('link', { name: ADD_TO_CALENDAR });
    expect(link).toHaveAttribute('href', calendarUrl);
    expect(link).toHaveAttribute('download', 'appointment.ics');
  });

  it('offers WhatsApp updates unticked, naming the agency, without the privacy link of the consent', () => {
    renderForm(<AppointmentForm />);
    const box = screen.getByRole('checkbox', {
      name: 'Send me updates on WhatsApp from Vandy Travel and Recruitment Services',
    });
    expect(box).not.toBeChecked();
    expect(screen.getAllByRole('link', { name: 'Privacy Policy' })).toHaveLength(1);
  });

  it('knows the taken slots as soon as a date is picked, and a new date clears the time', async () => {
    const asked = windowAnswer(
      () => ({ '2099-03-02': ['09:00 AM', '10:00 AM'], '2099-03-03': ['11:00 AM'] }),
      ['2099-03-07'],
    );
    const user = userEvent.setup();
    renderForm(<AppointmentForm />);
    await waitFor(() => expect(asked.window).toBe(1));
    const date = screen.getByLabelText(/^Preferred Date/);
    const time = screen.getByLabelText(/^Preferred Time/);
    const option = (name: string) => screen.getByRole('option', { name });
    fireEvent.change(date, { target: { value: '2099-03-02' } });
    // no wait on a request: the very next render has them disabled
    expect(option('09:00 AM')).toBeDisabled();
    expect(option('10:00 AM')).toBeDisabled();
    expect(option('11:00 AM')).toBeEnabled();
    expect(screen.getByText('Times on Monday, 2 March 2099')).toBeInTheDocument();
    await user.selectOptions(time, '11:00 AM');
    expect(time).toHaveValue('11:00 AM');
    fireEvent.change(date, { target: { value: '2099-03-03' } });
    await waitFor(() => expect(time).toHaveValue(''));
    expect(option('11:00 AM')).toBeDisabled();
    expect(option('09:00 AM')).toBeEnabled();
    fireEvent.change(date, { target: { value: '2099-03-07' } }); // a Saturday: the office is closed
    for (const slot of constants.appointmentTimeSlots) expect(option(slot)).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(await screen.findByText('Preferred time is required')).toBeInTheDocument();
    expect(asked).toEqual({ window: 1, day: 0 });
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
    windowAnswer(() => ({ '2099-03-02': [...full] }));
    answer('/appointments', 409, { message: 'This time slot is fully booked. Please choose another time.' });
    await bookTheSlotTakenMeanwhile(() => {
      full = new Set(['09:00 AM', '10:00 AM']);
    });
  });

  it("asks for the picked date's own slots when the window could not be loaded", async () => {
    let full = new Set(['09:00 AM']);
    server.use(
      http.get('*/api/appointment-slots/window', () =>
        HttpResponse.json(
          { message: 'Something went wrong on our side. Please try again.' },
          { status: 500 },
        ),
      ),
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
    await bookTheSlotTakenMeanwhile(() => {
      full = new Set(['09:00 AM', '10:00 AM']);
    });
  });
});
