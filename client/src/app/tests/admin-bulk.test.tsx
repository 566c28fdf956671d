import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/testing/msw-server';
import { renderApp } from '@/app/testing/render-app';
import { adminBackend, adminHandlers } from '@/app/testing/admin-backend';

const sent: unknown[] = [];
const item = (id: string, name: string) => ({
  applicationId: id,
  name,
  text: `Hello ${name}, interviews are on Monday.`,
  parts: 1,
  error: '',
  note: '',
});

beforeEach(() => {
  sent.length = 0;
  adminBackend({ signedIn: true });
  server.use(
    ...adminHandlers,
    http.post('*/api/admin/bulk/messages/preview', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({
        bulkId: 'BK7',
        kind: 'message',
        status: null,
        count: 2,
        messages: 2,
        totalParts: 2,
        refused: 1,
        undoWindowS: 0,
        items: [
          item('VA1', 'Esi Owusu'),
          item('VA2', 'Kofi Boateng'),
          { ...item('VA3', 'Yaw'), text: '', parts: 0, error: 'The application has no phone number' },
        ],
      });
    }),
    http.post('*/api/admin/bulk/messages', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ bulkId: 'BK7' });
    }),
    http.get('*/api/admin/bulk/BK7', () =>
      HttpResponse.json({
        bulkId: 'BK7',
        kind: 'message',
        actor: 'admin@vandy.example',
        createdAt: '2026-01-07T10:00:00Z',
        selection: 'filter status=received',
        status: null,
        text: 'Hello {name}, interviews are on Monday.',
        undoUntil: null,
        undoneAt: null,
        undoneBy: '',
        done: 2,
        refused: 1,
        pending: 0,
        sent: 1,
        delivered: 1,
        failed: 0,
        items: [
          {
            applicationId: 'VA1',
            messageId: 'BK7-VA1-sms',
            previous: null,
            error: '',
            sms: 'delivered',
            delivery: 'delivered',
          },
          {
            applicationId: 'VA2',
            messageId: 'BK7-VA2-sms',
            previous: null,
            error: '',
            sms: 'delivered',
            delivery: 'sent',
          },
        ],
      }),
    ),
  );
});

describe('message to many', () => {
  it('checks the message, previews recipients and parts, sends once and shows the result', async () => {
    const user = userEvent.setup();
    renderApp('/admin/applications/message?status=received&preferredCountry=Qatar');
    expect(
      await screen.findByText('To: every application matching status: received, preferredCountry: Qatar.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Message is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Message'), 'Hello {{name}, interviews are on Monday.');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByTestId('message-summary')).toHaveTextContent(
      '2 recipients, 1 part per message, 2 parts in all.',
    );
    expect(screen.getByText('Hello Esi Owusu, interviews are on Monday.')).toBeInTheDocument();
    expect(screen.getByText('VA3: The application has no phone number')).toBeInTheDocument();
    expect(sent[0]).toEqual({
      matching: { status: 'received', preferredCountry: 'Qatar' },
      text: 'Hello {name}, interviews are on Monday.',
    });

    await user.click(screen.getByRole('button', { name: 'Send to 2 applicants' }));
    expect(await screen.findByTestId('count-sent')).toHaveTextContent('1');
    expect(screen.getByTestId('count-delivered')).toHaveTextContent('1');
    expect(sent[1]).toMatchObject({ bulkId: 'BK7', text: 'Hello {name}, interviews are on Monday.' });
  });
});
