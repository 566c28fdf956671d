import { AdminQueryProvider } from '@/features/admin-shell';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/msw-server';
import { renderWithRouter } from '@/testing/test-utils';
import { RecordNav } from './RecordNav';

describe('RecordNav', () => {
  it('asks for the neighbours in "My applications" (owner=me) and keeps it in its links', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/admin/applications/:id/neighbours', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({ previous: 'VA1', next: 'VA3', position: 2, total: 3 });
      }),
    );
    renderWithRouter(
      <AdminQueryProvider>
        <RecordNav applicationId="VA2" />
      </AdminQueryProvider>,
      '/admin/applications/VA2?owner=me&view=new',
    );
    expect(await screen.findByTestId('record-position')).toHaveTextContent('2 of 3');
    expect(asked[0]?.get('owner')).toBe('me');
    expect(asked[0]?.get('view')).toBe('new');
    expect(screen.getByRole('link', { name: 'Next →' })).toHaveAttribute(
      'href',
      '/admin/applications/VA3?view=new&owner=me',
    );
  });
});
