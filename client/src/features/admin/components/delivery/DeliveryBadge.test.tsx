import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/testing/test-utils';
import { DeliveryBadge } from './DeliveryBadge';
import { NotDeliveredFigure, NotDeliveredList } from './NotDeliveredList';

describe('DeliveryBadge', () => {
  it.each([
    ['pending', 'Pending'],
    ['sent', 'Sent, awaiting report'],
    ['delivered', 'Delivered'],
    ['failed', 'Not delivered'],
  ] as const)('shows %s as "%s"', (delivery, label) => {
    render(<DeliveryBadge sms={{ delivery, notDeliveredInTime: false, reportStatus: null }} />);
    expect(screen.getByTestId('sms-delivery')).toHaveTextContent(new RegExp(`^${label}$`));
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
