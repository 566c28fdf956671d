import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '@/lib/forms/testing';
import { renderWithRouter } from '@/testing/test-utils';
import TrackPage, { WHATSAPP_STOP, WHATSAPP_STOPPED } from './TrackPage';

const NOT_FOUND = 'No application matches this ID and phone number or email.';

describe('TrackPage', () => {
  it('asks for both fields before calling the API', async () => {
    const posted = answer('/track', 404, { message: NOT_FOUND });
    const user = userEvent.setup();
    renderWithRouter(<TrackPage />, '/track');
    await user.click(screen.getByRole('button', { name: 'Track Application' }));
    expect(await screen.findByText('Application ID is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number or email is required')).toBeInTheDocument();
    expect(posted.bodies).toHaveLength(0);
  });

  it('shows the status, its history and the job and the payment', async () => {
    const posted = answer('/track', 200, {
      applicationId: 'VA1',
      status: 'processing',
      submittedAt: '2026-03-02T09:30:00+00:00',
      jobCategory: 'Construction',
      preferredCountry: 'Qatar',
      history: [
        { status: 'received', at: '2026-03-02T09:30:00+00:00' },
        { status: 'processing', at: '2026-03-03T10:00:00+00:00' },
      ],
      job: { id: 'JB1', title: 'Site Electrician' },
      payment: { status: 'paid', paidAt: '2026-03-02T10:00:00+00:00' },
      messages: [
        { at: '2026-03-02T09:31:00+00:00', delivery: 'delivered' },
        { at: '2026-03-03T10:01:00+00:00', delivery: 'not delivered' },
      ],
    });
    const user = userEvent.setup();
    renderWithRouter(<TrackPage />, '/track?id=VA1');
    expect(screen.getByLabelText('Application ID')).toHaveValue('VA1');
    await user.type(screen.getByLabelText('Phone number or email'), '020 123 4567');
    await user.click(screen.getByRole('button', { name: 'Track Application' }));
    expect(await screen.findByRole('heading', { name: 'Application VA1' })).toBeInTheDocument();
    expect(screen.getByText('Status:')).toHaveTextContent('Status: Processing');
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items[0]).toContain('Received');
    expect(items[0]).toContain('2 Mar 2026');
    expect(items[1]).toContain('Processing');
    expect(screen.getByTestId('track-job')).toHaveTextContent('Site Electrician');
    expect(screen.getByTestId('track-payment')).toHaveTextContent('Processing fee paid');
    const texts = screen.getByTestId('track-messages').querySelectorAll('li');
    expect([...texts].map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Text message of 2 Mar 2026.*: delivered$/),
      expect.stringMatching(/^Text message of 3 Mar 2026.*: not delivered$/),
    ]);
    expect(posted.bodies[0]).toEqual({ applicationId: 'VA1', contact: '020 123 4567' });
  });

  it('shows a text sent without a report as sent, in calm colours, and only a failure in red', async () => {
    answer('/track', 200, {
      applicationId: 'VA2',
      status: 'received',
      submittedAt: '2026-03-02T09:30:00+00:00',
      jobCategory: 'Construction',
      preferredCountry: 'Qatar',
      history: [{ status: 'received', at: '2026-03-02T09:30:00+00:00' }],
      job: null,
      payment: null,
      messages: [
        { at: '2026-03-02T09:31:00+00:00', delivery: 'sent' },
        { at: '2026-03-03T10:01:00+00:00', delivery: 'sending' },
        { at: '2026-03-04T10:01:00+00:00', delivery: 'not delivered' },
      ],
    });
    const user = userEvent.setup();
    renderWithRouter(<TrackPage />, '/track?id=VA2');
    await user.type(screen.getByLabelText('Phone number or email'), '020 123 4567');
    await user.click(screen.getByRole('button', { name: 'Track Application' }));
    await screen.findByRole('heading', { name: 'Application VA2' });
    const words = [...screen.getByTestId('track-messages').querySelectorAll('strong')];
    expect(words.map((word) => word.textContent)).toEqual(['sent', 'sending', 'not delivered']);
    expect(words.map((word) => word.classList.contains('track-delivery--not-delivered'))).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('shows the stage after approval in plain words with what to do next', async () => {
    answer('/track', 200, {
      applicationId: 'VA3',
      status: 'approved',
      submittedAt: '2026-03-02T09:30:00+00:00',
      jobCategory: 'Construction',
      preferredCountry: 'Qatar',
      history: [{ status: 'received', at: '2026-03-02T09:30:00+00:00' }],
      job: null,
      payment: null,
      messages: [],
      stage: {
        label: 'Medical examination',
        nextStep: 'Go to the medical examination on the day we gave you.',
        since: '2026-03-05T10:00:00+00:00',
      },
    });
    const user = userEvent.setup();
    renderWithRouter(<TrackPage />, '/track?id=VA3');
    await user.type(screen.getByLabelText('Phone number or email'), '020 123 4567');
    await user.click(screen.getByRole('button', { name: 'Track Application' }));
    const stage = await screen.findByTestId('track-stage');
    expect(stage).toHaveTextContent('Stage: Medical examination (since 5 Mar 2026');
    expect(stage).toHaveTextContent('What to do next: Go to the medical examination on the day we gave you.');
    expect(screen.queryByText(/Our team will call you with the next steps/)).not.toBeInTheDocument();
  });

  it('offers to stop WhatsApp updates, sending the proof it tracked with, only while they are on', async () => {
    const tracked = {
      applicationId: 'VA1',
      status: 'received',
      submittedAt: '2026-03-02T09:30:00+00:00',
      jobCategory: 'Construction',
      preferredCountry: 'Qatar',
      history: [{ status: 'received', at: '2026-03-02T09:30:00+00:00' }],
      job: null,
      payment: null,
      messages: [],
    };
    answer('/track', 200, { ...tracked, whatsappUpdates: true });
    const stopped = answer('/track/whatsapp-stop', 200, { stopped: true });
    const user = userEvent.setup();
    renderWithRouter(<TrackPage />, '/track?id=VA1');
    await user.type(screen.getByLabelText('Phone number or email'), '020 123 4567');
    await user.click(screen.getByRole('button', { name: 'Track Application' }));
    await user.click(await screen.findByRole('button', { name: WHATSAPP_STOP }));
    expect(await screen.findByText(WHATSAPP_STOPPED)).toBeInTheDocument();
    expect(stopped.bodies).toEqual([{ applicationId: 'VA1', contact: '020 123 4567' }]);
    expect(screen.queryByRole('button', { name: WHATSAPP_STOP })).not.toBeInTheDocument();
  });

  it('offers no WhatsApp stop when the phone gets no WhatsApp updates', async () => {
    answer('/track', 200, {
      applicationId: 'VA2',
      status: 'received',
      submittedAt: '2026-03-02T09:30:00+00:00',
      jobCategory: 'Construction',
      preferredCountry: 'Qatar',
      history: [{ status: 'received', at: '2026-03-02T09:30:00+00:00' }],
      job: null,
      payment: null,
      messages: [],
    });
    const user = userEvent.setup();
    renderWithRouter(<TrackPage />, '/track?id=VA2');
    await user.type(screen.getByLabelText('Phone number or email'), '020 123 4567');
    await user.click(screen.getByRole('button', { name: 'Track Application' }));
    expect(await screen.findByRole('heading', { name: 'Application VA2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: WHATSAPP_STOP })).not.toBeInTheDocument();
  });

  it('shows the one not-found message for a wrong pair', async () => {
    answer('/track', 404, { message: NOT_FOUND });
    const user = userEvent.setup();
    renderWithRouter(<TrackPage />, '/track');
    await user.type(screen.getByLabelText('Application ID'), 'VA9');
    await user.type(screen.getByLabelText('Phone number or email'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Track Application' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_FOUND);
  });

  it('shows the receipt link and the refund of a paid fee', async () => {
    const base = {
      status: 'received',
      submittedAt: '2026-03-02T09:30:00+00:00',
      jobCategory: 'Construction',
      preferredCountry: 'Qatar',
      history: [{ status: 'received', at: '2026-03-02T09:30:00+00:00' }],
      job: null,
      messages: [],
    };
    answer('/track', 200, {
      ...base,
      applicationId: 'VA2',
      payment: {
        status: 'paid',
        paidAt: '2026-03-02T10:00:00+00:00',
        receiptNumber: '000007',
        receiptUrl: '/receipt/VA2?token=abc',
        refundStatus: 'partly refunded',
        refunded: 'USD 20',
      },
    });
    const user = userEvent.setup();
    renderWithRouter(<TrackPage />, '/track?id=VA2');
    await user.type(screen.getByLabelText('Phone number or email'), '020 123 4567');
    await user.click(screen.getByRole('button', { name: 'Track Application' }));
    expect(await screen.findByRole('link', { name: 'View receipt 000007' })).toHaveAttribute(
      'href',
      '/receipt/VA2?token=abc',
    );
    expect(screen.getByTestId('track-refund')).toHaveTextContent('Partly refunded: USD 20');
  });
});
