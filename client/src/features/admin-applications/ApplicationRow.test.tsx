import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/testing/test-utils';
import { SHOWN_PAYMENTS } from '@/features/admin-shell';
import { makeApplication } from './testing/make-application';
import { ApplicationRow } from './ApplicationRow';

function renderRow(app: ReturnType<typeof makeApplication>) {
  renderWithRouter(
    <table>
      <tbody>
        <ApplicationRow app={app} withPayment />
      </tbody>
    </table>,
  );
  const cells = within(screen.getByRole('row')).getAllByRole('cell');
  const last = cells.at(-1);
  if (!last) throw new Error('no cells');
  return last;
}

describe('ApplicationRow payment cell', () => {
  it.each([
    ['paid', 'refunded', 'Refunded', 'admin-status--refunded'],
    ['paid', 'partly refunded', 'Partly refunded', 'admin-status--partly-refunded'],
    ['paid', 'paid', 'Paid', 'admin-status--paid'],
    ['pending', 'pending', 'Pending', 'admin-status--pending'],
  ] as const)('a %s fee shown as %s reads "%s"', (payment, shownPayment, label, className) => {
    const cell = renderRow(makeApplication('VA1', { payment, shownPayment }));
    expect(cell).toHaveTextContent(new RegExp(`^${label}$`));
    expect(cell.querySelector('.admin-status')).toHaveClass(className);
  });

  it('falls back to the stored state when the list gives no label', () => {
    const cell = renderRow(makeApplication('VA2', { payment: 'failed', shownPayment: null }));
    expect(cell).toHaveTextContent(/^Failed$/);
  });

  it('offers the refund labels in the payment filter', () => {
    expect(SHOWN_PAYMENTS).toEqual(['unpaid', 'pending', 'paid', 'failed', 'refunded', 'partly refunded']);
  });
});
