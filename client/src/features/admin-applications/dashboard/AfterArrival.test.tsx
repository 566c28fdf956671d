import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AfterArrival } from './AfterArrival';

describe('AfterArrival', () => {
  it('shows the documents expiring soon by kind and the open welfare cases', () => {
    render(
      <MemoryRouter>
        <AfterArrival
          data={{ expiringSoon: { passport: 2, medical: 1 }, welfareCases: { open: 3, flagged: 1 } }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText('Expiring soon: Passport').nextSibling).toHaveTextContent(/^2$/);
    expect(screen.getByTestId('expiring-medical')).toHaveTextContent(/^1$/);
    expect(screen.getByTestId('welfare-open')).toHaveTextContent(/^3 \(1 not opened in 24 h\)$/);
    expect(screen.getByTestId('welfare-open').parentElement).toHaveClass('is-bad');
    expect(screen.getByRole('link', { name: 'Welfare cases and expiring documents' })).toHaveAttribute(
      'href',
      '/admin/welfare',
    );
  });

  it('says when nothing expires soon and no case is open', () => {
    render(
      <MemoryRouter>
        <AfterArrival data={{ expiringSoon: {}, welfareCases: { open: 0, flagged: 0 } }} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('welfare-open')).toHaveTextContent(/^0$/);
    expect(screen.getByText('No documents expiring soon.')).toBeInTheDocument();
    expect(screen.queryByTestId('expiring-passport')).toBeNull();
  });
});
