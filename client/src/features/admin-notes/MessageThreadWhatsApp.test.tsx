import { AdminQueryProvider } from '@/features/admin-shell';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { markSnackbarHostReady } from '@/lib/notify';
import { server } from '@/testing/msw-server';
import MessageThreadPage, { OUTSIDE_WINDOW } from './MessageThreadPage';

markSnackbarHostReady();

const MESSAGE = {
  id: 'VA7',
  name: 'Kwame Mensah',
  email: 'kwame@example.com',
  phone: '+233201234567',
  service: null,
  subject: 'WhatsApp message (VA1; owner Kofi)',
  message: 'Is my visa ready?',
  createdAt: '2026-11-28T09:00:00Z',
  read: false,
  readAt: null,
};
const TEMPLATE_TEXT = 'Hello from Vandy Travel and Recruitment Services. Please reply to this message.';
const window = (open: boolean, optedIn = true) => ({
  lastInboundAt: '2026-11-28T09:00:00Z',
  windowClosesAt: '2026-11-29T09:00:00Z',
  windowOpen: open,
  optedIn,
  templateText: TEMPLATE_TEXT,
});

function renderThread(whatsapp: ReturnType<typeof window>, sentBodies: unknown[], status = 201) {
  server.use(
    http.get('*/api/admin/messages/VA7', () =>
      HttpResponse.json({ message: MESSAGE, replies: [], whatsapp }),
    ),
    http.post('*/api/admin/messages/VA7/replies', async ({ request }) => {
      const body = (await request.json()) as { channel: string; text: string };
      sentBodies.push(body);
      if (status !== 201) return HttpResponse.json({ message: OUTSIDE_WINDOW }, { status });
      const sent = {
        id: 'RP1',
        channel: body.channel,
        recipient: MESSAGE.phone,
        subject: '',
        text: body.text || TEMPLATE_TEXT,
        sender: 'admin@vandytravel.com',
        senderName: 'Admin User',
        sentAt: '2026-11-28T10:00:00Z',
        delivery: 'delivered',
      };
      return HttpResponse.json({ message: MESSAGE, replies: [sent], whatsapp }, { status: 201 });
    }),
  );
  render(
    <MemoryRouter initialEntries={['/admin/messages/VA7']}>
      <SnackbarProvider />
      <Routes>
        <Route path="/admin/messages/:messageId" element={<MessageThreadPage />} />
      </Routes>
    </MemoryRouter>,
    { wrapper: AdminQueryProvider },
  );
}

describe('MessageThreadPage on a WhatsApp thread', () => {
  it('offers a free-text WhatsApp reply inside the 24-hour window and sends it', async () => {
    const sent: unknown[] = [];
    renderThread(window(true), sent);
    const whatsapp = await screen.findByRole('radio', { name: 'WhatsApp to +233201234567' });
    expect(whatsapp).toBeChecked();
    expect(screen.queryByRole('radio', { name: /SMS/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('whatsapp-window')).toHaveTextContent('free-text replies are open until');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your reply'), 'Yes, come on Monday.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText(/by WhatsApp to \+233201234567/)).toBeInTheDocument();
    expect(sent).toEqual([{ channel: 'whatsapp', text: 'Yes, come on Monday.' }]);
  });

  it('outside the window offers only the template message, with its text, and no text box', async () => {
    const sent: unknown[] = [];
    renderThread(window(false), sent);
    const template = await screen.findByRole('radio', { name: 'WhatsApp template to +233201234567' });
    expect(template).toBeChecked();
    expect(screen.queryByRole('radio', { name: /^WhatsApp to/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('whatsapp-window')).toHaveTextContent(OUTSIDE_WINDOW);
    expect(screen.getByTestId('whatsapp-template-text')).toHaveTextContent(TEMPLATE_TEXT);
    expect(screen.queryByLabelText('Your reply')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send template message' }));
    expect(await screen.findByText(/by WhatsApp template to/)).toBeInTheDocument();
    expect(sent).toEqual([{ channel: 'whatsapp-template', text: '' }]);
  });

  it('outside the window without a standing opt-in offers only e-mail', async () => {
    renderThread(window(false, false), []);
    expect(await screen.findByRole('radio', { name: 'E-mail to kwame@example.com' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /WhatsApp/ })).not.toBeInTheDocument();
  });

  it("shows the server's 409 when the window closed meanwhile", async () => {
    const sent: unknown[] = [];
    renderThread(window(true), sent, 409);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Your reply'), 'Late answer');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText(OUTSIDE_WINDOW)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });
});
