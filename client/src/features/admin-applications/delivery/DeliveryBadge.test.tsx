import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/testing/test-utils';
import { DeliveryBadge } from './DeliveryBadge';
import { NotDeliveredFigure, NotDeliveredList } from './NotDeliveredList';

describe('DeliveryBadge', () => {
  it.each([
    ['pending', 'Queued'],
    ['sent', 'Sent, awaiting report'],
    ['emailed', 'Sent'],
    ['delivered', 'Delivered'],
    ['failed', 'Not delivered'],
    ['withdrawn', 'Withdrawn'],
  ] as const)('shows %s as "%s"', (delivery, label) => {
    render(<DeliveryBadge sms={{ delivery, notDeliveredInTime: false, reportStatus: null }} />);
    expect(screen.getByTestId('sms-delivery')).toHaveTextContent(new RegExp(`^${label}$`));
  });

  it('shows a withdrawn text in a neutral badge, never the failure red', () => {
    render(<DeliveryBadge sms={{ delivery: 'withdrawn', notDeliveredInTime: false, reportStatus: null }} />);
    const badge = screen.getByText('Withdrawn');
    expect(badge).toHaveClass('admin-status--withdrawn');
    expect(badge).not.toHaveClass('admin-status--failed');
  });

  it('shows an e-mail accepted by the mail server as sent, not awaiting a report', () => {
    render(<DeliveryBadge sms={{ delivery: 'emailed', notDeliveredInTime: false, reportStatus: null }} />);
    expect(screen.getByTestId('sms-delivery')).not.toHaveTextContent('awaiting report');
  });

  it('flags a text not delivered in time, with the gateway word as a hint', () => {
    render(<DeliveryBadge sms={{ delivery: 'sent', notDeliveredInTime: true, reportStatus: 'EXPIRED' }} />);
    expect(screen.getByTestId('sms-late')).toHaveTextContent('Not delivered in time');
    expect(screen.getByTitle('Gateway report: EXPIRED')).toHaveTextContent('Sent, awaiting report');
  });
});

describe('NotDeliveredList', () => {
  it('counts the late texts and links each to its application', () => {
    renderWithRouter(
      <>
        <dl>
          <NotDeliveredFigure count={1} />
        </dl>
        <NotDeliveredList
          items={[
            {
              id: 'VA1-0',
              sourceId: 'VA1',
              kind: 'status',
              deliveredAt: '2026-03-02T09:31:00Z',
              reportStatus: null,
            },
          ]}
        />
      </>,
      '/admin/dashboard',
    );
    expect(screen.getByTestId('outbox-not-delivered')).toHaveTextContent('1');
    expect(screen.getByRole('link', { name: 'VA1' })).toHaveAttribute('href', '/admin/applications/VA1');
  });
});
