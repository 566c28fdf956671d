import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminHandlers } from '@/app/testing/admin-backend';
import { renderApp } from '@/app/testing/render-app';
import { server } from '@/testing/msw-server';

// `/admin` asks the admin API for the session (signed out here).
beforeEach(() => server.use(...adminHandlers));

describe('routes', () => {
  it.each([
    ['/about', 'Connecting Ghanaian Talent with the World'],
    ['/services', 'Complete Recruitment and Travel Solutions'],
    ['/study-abroad', 'Study at the World’s Best Universities'],
    ['/country-packages', 'Gulf Country Job Packages'],
    ['/contact', 'Get in Touch'],
    ['/book-appointment', 'Book a Consultation'],
    ['/apply', 'Apply for Jobs Abroad'],
    ['/no-such-page', 'Page Not Found'],
    ['/admin', 'Admin Login'],
  ])('%s renders its h1', async (path, heading) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('shows the six packages with the spec fees', async () => {
    renderApp('/country-packages');
    await screen.findByRole('heading', { level: 1 });
    for (const fee of ['$1,200', '$1,000', '$1,300', '$950', '$850', '$800']) {
      expect(screen.getByText(fee, { exact: false })).toBeInTheDocument();
    }
    expect(screen.getAllByText('Most Popular')).toHaveLength(2);
  });

  it('shows the ten study destinations with their tuition ranges', async () => {
    renderApp('/study-abroad');
    await screen.findByRole('heading', { level: 1 });
    for (const range of ['£15,000-35,000', '€0-3,000 (public)', '¥500,000-1,500,000', '€835-4,175 (EU)']) {
      expect(screen.getByText(range)).toBeInTheDocument();
    }
    expect(screen.getAllByRole('link', { name: /^Apply Now/ })).toHaveLength(10);
  });
});
