import { AdminQueryProvider, formatDateTime } from '@/features/admin-shell';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/msw-server';
import { type ApplicationWhatsApp, WhatsAppOptInLine } from './WhatsAppOptInLine';

const OPT_IN = {
  optedInAt: '2026-11-26T12:00:00Z',
  source: 'apply',
  wordingVersion: 'whatsapp-opt-in-v1',
  wording: 'Send me updates on WhatsApp from Vandy Travel and Recruitment Services',
  optedOutAt: null,
};

function renderLine(shown: ApplicationWhatsApp) {
  server.use(http.get('*/api/admin/applications/VA1/whatsapp', () => HttpResponse.json(shown)));
  render(<WhatsAppOptInLine applicationId="VA1" />, { wrapper: AdminQueryProvider });
}

describe('WhatsAppOptInLine', () => {
  it('says when, from which form and which wording the applicant opted in, and the channel', async () => {
    renderLine({ optIn: OPT_IN, channel: 'whatsapp' });
    expect(await screen.findByTestId('whatsapp-opt-in')).toHaveTextContent(
      `WhatsApp: opted in ${formatDateTime(OPT_IN.optedInAt)} from the application form (wording whatsapp-opt-in-v1)`,
    );
    expect(screen.getByText(/They ticked/)).toHaveTextContent(OPT_IN.wording);
    expect(screen.getByTestId('whatsapp-channel')).toHaveTextContent('Their messages go by WhatsApp');
  });

  it('says when the applicant stopped, and that texts go by SMS', async () => {
    renderLine({ optIn: { ...OPT_IN, optedOutAt: '2026-11-27T08:30:00Z' }, channel: 'sms' });
    expect(await screen.findByTestId('whatsapp-opt-in')).toHaveTextContent(
      `WhatsApp: stopped ${formatDateTime('2026-11-27T08:30:00Z')}`,
    );
    expect(screen.getByTestId('whatsapp-channel')).toHaveTextContent('Their messages go by SMS');
  });

  it('says not opted in', async () => {
    renderLine({ optIn: null, channel: 'sms' });
    expect(await screen.findByTestId('whatsapp-opt-in')).toHaveTextContent('WhatsApp: not opted in');
  });
});
