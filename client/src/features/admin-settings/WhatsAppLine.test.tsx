import { AdminQueryProvider } from '@/features/admin-shell';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/msw-server';
import { WhatsAppLine } from './WhatsAppLine';

function renderLine(status: { on: boolean; line: string }) {
  server.use(http.get('*/api/admin/settings/whatsapp', () => HttpResponse.json(status)));
  render(<WhatsAppLine />, { wrapper: AdminQueryProvider });
}

describe('WhatsAppLine', () => {
  it('says the channel is on, with the line the server gives', async () => {
    renderLine({ on: true, line: 'On (phone number ID 1065; SMS fallback after 15 min)' });
    const line = await screen.findByTestId('whatsapp-status');
    expect(line).toHaveTextContent('On: On (phone number ID 1065; SMS fallback after 15 min)');
  });

  it('says the channel is off and why', async () => {
    renderLine({ on: false, line: 'Off (no AGENCY_WHATSAPP_* settings)' });
    expect(await screen.findByTestId('whatsapp-status')).toHaveTextContent(
      'Off: Off (no AGENCY_WHATSAPP_* settings)',
    );
  });
});
