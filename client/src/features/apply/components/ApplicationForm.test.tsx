import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { renderForm } from '@/lib/forms/testing';
import { fill } from '@/testing/fill';
import { server } from '@/testing/msw-server';
import { forgetPaymentConfig } from '../api/payments';
import { DRAFT_KEY } from '../lib/draft';
import { APPLICATION_FAILURE, APPLICATION_SUCCESS, ApplicationForm } from './ApplicationForm';
import { PAYMENT_SUCCESS } from './PaymentModal';

type User = ReturnType<typeof userEvent.setup>;

function pdf(name = 'cv.pdf', size = 1024) {
  return new File([new Uint8Array(size).fill(37)], name, { type: 'application/pdf' });
}

function capture(status: number, body: Record<string, unknown>, wait = 0) {
  const received: FormData[] = [];
  server.use(
    http.post('*/api/applications', async ({ request }) => {
      received.push(await request.formData());
      if (wait) await delay(wait);
      return HttpResponse.json(body, { status });
    }),
  );
  return received;
}

async function fillStep1(user: User) {
  await fill(user, screen.getByLabelText(/^First Name/), 'Kwame');
  await fill(user, screen.getByLabelText(/^Last Name/), 'Mensah');
  await fill(user, screen.getByLabelText(/^Email Address/), 'kwame@example.com');
  await fill(user, screen.getByLabelText(/^Phone Number/), '0201234567');
  await fill(user, screen.getByLabelText(/^Current Country/), 'Ghana');
  await fill(user, screen.getByLabelText(/^Current City/), 'Kumasi');
}

async function fillToStep4(user: User) {
  await fillStep1(user);
  await user.click(screen.getByRole('button', { name: 'Next Step' }));
  fireEvent.change(await screen.findByLabelText(/^Date of Birth/), { target: { value: '1995-04-12' } });
  await fill(user, screen.getByLabelText(/^Nationality/), 'Ghanaian');
  await user.selectOptions(screen.getByLabelText(/^Preferred Country/), 'Qatar');
  await user.selectOptions(screen.getByLabelText(/^Job Category/), 'Construction');
  await user.click(screen.getByRole('button', { name: 'Next Step' }));
  await user.selectOptions(await screen.findByLabelText(/^Experience Level/), 'Mid Level (3-5 years)');
  await user.selectOptions(screen.getByLabelText(/^Education Level/), 'Diploma/Certificate');
  await fill(user, screen.getByLabelText(/^Languages/), 'English, Twi');
  await user.selectOptions(screen.getByLabelText(/^Availability/), 'Within 1 month');
  await user.click(screen.getByRole('button', { name: 'Next Step' }));
  await screen.findByText('Step 4 of 4: Documents');
}

afterEach(() => {
  window.sessionStorage.clear();
  forgetPaymentConfig();
});

describe('ApplicationForm', () => {
  it('Next validates only the current step and focuses its first invalid field', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm(<ApplicationForm />);
    expect(screen.getByRole('progressbar', { name: 'Application progress' })).toHaveAttribute(
      'aria-valuenow',
      '1',
    );
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    for (const text of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Phone number is required',
      'Country is required',
      'City is required',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(screen.queryByText('Date of birth is required')).not.toBeInTheDocument();
    expect(screen.getByText('Step 1 of 4: Personal Info')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^First Name/)).toHaveFocus());
  });

  it('offers WhatsApp updates unticked beside the phone, naming the agency, in the first step', () => {
    renderForm(<ApplicationForm />);
    const box = screen.getByRole('checkbox', {
      name: 'Send me updates on WhatsApp from Vandy Travel and Recruitment Services',
    });
    expect(box).not.toBeChecked();
  });

  it('walks the steps with their messages; Previous goes back', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm(<ApplicationForm />);
    await fillStep1(user);
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    expect(await screen.findByText('Step 2 of 4: Job Preferences')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    for (const text of [
      'Date of birth is required',
      'Nationality is required',
      'Preferred country is required',
      'Job category is required',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByLabelText(/^First Name/)).toHaveValue('Kwame');
  });

  it('shows passport fields only with hasPassport, file hints, and refuses a wrong file at once', async () => {
    const user = userEvent.setup({ applyAccept: false, delay: null });
    renderForm(<ApplicationForm />);
    await fillToStep4(user);
    expect(screen.queryByLabelText(/^Passport Number/)).not.toBeInTheDocument();
    await user.click(screen.getByLabelText(/I have a valid passport/));
    expect(screen.getByLabelText(/^Passport Number/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Passport Expiry Date/)).toBeInTheDocument();
    expect(screen.getByText('Accepted: .pdf, .doc, .docx (max 5MB)')).toBeInTheDocument();
    expect(screen.getByText('Accepted: .pdf, .jpg, .jpeg, .png (max 5MB)')).toBeInTheDocument();
    expect(screen.getByText('Accepted: .jpg, .jpeg, .png (max 2MB)')).toBeInTheDocument();
    await user.upload(screen.getByLabelText(/^CV \/ Resume/), new File(['x'], 'cv.exe'));
    expect(await screen.findByText('CV must be a .pdf, .doc or .docx file')).toBeInTheDocument();
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'me.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText(/^Passport Photo/), big);
    expect(await screen.findByText('Photo must be at most 2MB')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('You must accept the terms and conditions')).toBeInTheDocument();
  });

  it('submits with the files, shows the ID and opens the payment modal over the wizard, kept until it closes', async () => {
    const received = capture(
      201,
      { applicationId: 'VA1700000000001', paymentKey: 'key-VA1700000000001' },
      100,
    );
    const user = userEvent.setup({ delay: null });
    renderForm(<ApplicationForm />);
    await fillToStep4(user);
    await user.upload(screen.getByLabelText(/^CV \/ Resume/), pdf());
    await user.click(screen.getByLabelText(/I accept the terms and conditions/));
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(await screen.findByText(APPLICATION_SUCCESS)).toBeInTheDocument();
    expect(screen.getByText('Your application ID: VA1700000000001')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Complete Your Application' });
    // The fee comes from the server's payment settings, asked for when the dialog opens.
    expect(await within(dialog).findByText(/\$50/)).toBeInTheDocument();
    // behind the modal the wizard is as it was (issue 43); the draft is gone
    expect(screen.getByText('Step 4 of 4: Documents')).toBeInTheDocument();
    expect(screen.getByLabelText(/I accept the terms and conditions/)).toBeChecked();
    const sent = received[0]!;
    expect(sent.get('firstName')).toBe('Kwame');
    expect(sent.get('hasPassport')).toBe('false');
    expect(sent.get('terms')).toBe('true');
    expect(sent.get('whatsappOptIn')).toBe('false');
    expect(sent.get('website')).toBe('');
    expect(sent.has('passportNumber')).toBe(false);
    // jsdom's XHR loses file contents on the way to msw; the browser tests check real uploads.
    expect(sent.has('cv')).toBe(true);
    // Without Paystack keys outside demo mode (production) the modal says how to pay at the
    // office, offers no online payment and never claims a payment was made.
    expect(await within(dialog).findByText(/Online payment is not available yet/)).toBeInTheDocument();
    expect(within(dialog).getByText('VA1700000000001')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Pay with Paystack' })).not.toBeInTheDocument();
    expect(screen.queryByText(PAYMENT_SUCCESS)).not.toBeInTheDocument();
    await waitFor(() => expect(window.sessionStorage.getItem(DRAFT_KEY)).toBeNull());
    // the payment key of the answer is kept for this tab, to start the payment
    expect(window.sessionStorage.getItem('payment-key:VA1700000000001')).toBe('key-VA1700000000001');
    // closing the modal resets the wizard to an empty step 1
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Step 1 of 4: Personal Info')).toBeInTheDocument();
    expect(screen.getByLabelText(/^First Name/)).toHaveValue('');
    expect(window.sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('Cancel closes the payment modal', async () => {
    capture(201, { applicationId: 'VA1700000000002', paymentKey: 'key-VA1700000000002' });
    const user = userEvent.setup({ delay: null });
    renderForm(<ApplicationForm />);
    await fillToStep4(user);
    await user.upload(screen.getByLabelText(/^CV \/ Resume/), pdf());
    await user.click(screen.getByLabelText(/I accept the terms and conditions/));
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    await screen.findByRole('dialog', { name: 'Complete Your Application' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('on a 422 goes back to the step of the first message and keeps the input', async () => {
    capture(422, {
      errors: { phone: 'Enter a valid phone number', cv: 'CV must be a .pdf, .doc or .docx file' },
    });
    const user = userEvent.setup({ delay: null });
    renderForm(<ApplicationForm />);
    await fillToStep4(user);
    await user.upload(screen.getByLabelText(/^CV \/ Resume/), pdf());
    await user.click(screen.getByLabelText(/I accept the terms and conditions/));
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText(APPLICATION_FAILURE)).toBeInTheDocument();
    expect(await screen.findByText('Step 1 of 4: Personal Info')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid phone number')).toBeInTheDocument();
    expect(screen.getByLabelText(/^First Name/)).toHaveValue('Kwame');
    await waitFor(() => expect(screen.getByLabelText(/^Phone Number/)).toHaveFocus());
  });

  it('shows a duplicate with the server message and no application ID', async () => {
    const message =
      'An application with this email, job category and preferred country already exists (received in the last ' +
      '24 hours). Its application ID has been sent again to the phone and email on record.';
    capture(409, { message });
    const user = userEvent.setup({ delay: null });
    renderForm(<ApplicationForm />);
    await fillToStep4(user);
    await user.upload(screen.getByLabelText(/^CV \/ Resume/), pdf());
    await user.click(screen.getByLabelText(/I accept the terms and conditions/));
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText(/Your application ID/)).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows upload progress for a large file', async () => {
    capture(201, { applicationId: 'VA1700000000003', paymentKey: 'key-VA1700000000003' }, 300);
    const user = userEvent.setup({ delay: null });
    renderForm(<ApplicationForm />);
    await fillToStep4(user);
    await user.upload(screen.getByLabelText(/^CV \/ Resume/), pdf('big.pdf', 1024 * 1024));
    await user.click(screen.getByLabelText(/I accept the terms and conditions/));
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText(/Uploading documents: \d+%/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: /Uploading documents/ })).toBeInTheDocument();
    expect(await screen.findByText(APPLICATION_SUCCESS)).toBeInTheDocument();
  });

  it('keeps a draft across a reload (session storage)', async () => {
    const user = userEvent.setup({ delay: null });
    const first = renderForm(<ApplicationForm />);
    await user.type(screen.getByLabelText(/^First Name/), 'Abena');
    await waitFor(() => expect(window.sessionStorage.getItem(DRAFT_KEY)).toContain('Abena'));
    first.unmount();
    renderForm(<ApplicationForm />);
    expect(screen.getByLabelText(/^First Name/)).toHaveValue('Abena');
  });
});
