import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetLegalCache } from '@/lib/legal';
import { legalFacts } from '@/testing/msw-handlers';
import { renderApp } from '@/app/testing/render-app';

describe('privacy notice, terms and footer', () => {
  beforeEach(() => resetLegalCache());

  it('/privacy shows the facts and retention periods from the server', async () => {
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(await screen.findByTestId('dpc-registration')).toHaveTextContent(
      legalFacts.dataProtectionRegistration,
    );
    expect(screen.getByTestId('labour-licence')).toHaveTextContent(legalFacts.labourLicence);
    expect(screen.getByTestId('retention')).toHaveTextContent('365 days');
    expect(screen.getByText(`Version ${legalFacts.privacyNoticeVersion}`)).toBeInTheDocument();
  });

  it('/terms names the licence', async () => {
    renderApp('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(await screen.findByTestId('labour-licence')).toHaveTextContent(legalFacts.labourLicence);
  });

  it('the footer links to the notice and the terms and shows both numbers', async () => {
    renderApp('/about');
    const legal = await screen.findByRole('list', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(within(legal).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(within(legal).getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute(
      'href',
      '/privacy#cookies',
    );
    const numbers = await screen.findByTestId('footer-registration');
    expect(numbers).toHaveTextContent(legalFacts.labourLicence);
    expect(numbers).toHaveTextContent(legalFacts.dataProtectionRegistration);
  });

  it('the appointment form links to the notice beside its consent checkbox', async () => {
    renderApp('/book-appointment');
    const form = await screen.findByRole('form', { name: /appointment/i });
    const consent = within(form).getByRole('checkbox', { name: /agree/i });
    const field = consent.closest('.field');
    expect(field).not.toBeNull();
    expect(within(field as HTMLElement).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });
});
