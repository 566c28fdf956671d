import { AdminQueryProvider } from '@/features/admin-shell';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { markSnackbarHostReady } from '@/lib/notify';
import { server } from '@/testing/msw-server';
import MessageThreadPage from './MessageThreadPage';

markSnackbarHostReady();

const MESSAGE = {
  id: 'VA9',
  name: 'Ama Owusu',
  email: 'ama@example.com',
  phone: null,
  service: null,
  subject: 'Visa',
  message: 'When is my visa ready?',
  createdAt: '2026-11-27T09:00:00Z',
  read: true,
  readAt: '2026-11-27T10:00:00Z',
};
const reply = (delivery: string | null) => ({
  id: 'RP1',
  channel: 'email',
  recipient: 'ama@example.com',
  subject: 'Re: Visa',
  text: 'Next week.',
  sender: 'admin@vandytravel.com',
  senderName: 'Admin User',
  sentAt: '2026-11-28T09:00:00Z',
  delivery,
});

describe('MessageThreadPage', () => {
  it('shows a sent reply as delivered without Refresh, once the outbox has sent it', async () => {
    let reads = 0;
    let sent = false;
    server.use(
      http.get('*/api/admin/messages/VA9', () => {
        if (sent) reads += 1;
        const replies = sent ? [reply(reads >= 2 ? 'delivered' : 'pending')] : [];
        return HttpResponse.json({ message: MESSAGE, replies });
      }),
      http.post('*/api/admin/messages/VA9/replies', () => {
        sent = true;
        return HttpResponse.json({ message: MESSAGE, replies: [reply('pending')] }, { status: 201 });
      }),
    );
    render(
      <MemoryRouter initialEntries={['/admin/messages/VA9']}>
        <SnackbarProvider />
        <Routes>
          <Route path="/admin/messages/:messageId" element={<MessageThreadPage />} />
        </Routes>
      </MemoryRouter>,
      { wrapper: AdminQueryProvider },
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Your reply'), 'Next week.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Pending', { selector: '.admin-status' })).toBeInTheDocument();
    expect(
      await screen.findByText('Delivered', { selector: '.admin-status' }, { timeout: 6000 }),
    ).toBeInTheDocument();
    expect(reads).toBe(2); // read again until final, then no more
    await new Promise((resolve) => setTimeout(resolve, 1800));
    expect(reads).toBe(2);
  }, 15000);
});
