import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { agencyToday } from './schema-from-rules';
import { useAgencyToday } from './use-agency-today';

function DateInput() {
  return <input aria-label="Preferred Date" type="date" min={useAgencyToday()} />;
}

describe('useAgencyToday', () => {
  it('leaves the date out of pre-rendered HTML, so a page built yesterday does not offer yesterday', () => {
    expect(renderToString(<DateInput />)).not.toContain('min=');
  });

  it("gives today's date in the agency's time zone in the browser", () => {
    render(<DateInput />);
    expect(screen.getByLabelText('Preferred Date')).toHaveAttribute('min', agencyToday());
  });
});
