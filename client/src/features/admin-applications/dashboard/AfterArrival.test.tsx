import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AfterArrival } from './AfterArrival';

describe('AfterArrival', () => {
  it('shows the documents expiring soon by kind and the open welfare cases', () => {
    render(
      <AfterArrival
        data={{ expiringSoon: { passport: 2, medical: 1 }, welfareCases: { open: 3, flagged: 1 } }}
      />,
    );
    expect(screen.getByText('Expiring soon: Passport').nextSibling).toHaveTextContent(/^2$/);
    expect(screen.getByTestId('expiring-medical')).toHaveTextContent(/^1$/);
    expect(screen.getByTestId('welfare-open')).toHaveTextContent(/^3 \(1 not opened in 24 h\)$/);
    expect(screen.getByTestId('welfare-open').parentElement).toHaveClass('is-bad');
  });

  it('says when nothing expires soon and no case is open', () => {
    render(<AfterArrival data={{ expiringSoon: {}, welfareCases: { open: 0, flagged: 0 } }} />);
    expect(screen.getByTestId('welfare-open')).toHaveTextContent(/^0$/);
    expect(screen.getByText('No documents expiring soon.')).toBeInTheDocument();
    expect(screen.queryByTestId('expiring-passport')).toBeNull();
  });
});
