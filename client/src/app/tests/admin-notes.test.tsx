import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/app/testing/render-app';
import { server } from '@/testing/msw-server';
import { adminBackend, adminHandlers, backend } from '@/app/testing/admin-backend';
import { notesBackend } from '@/app/testing/admin-notes-backend';

beforeEach(() => {
  adminBackend({ signedIn: true });
  server.use(...adminHandlers);
});

describe('notes and owner on the applicant page', () => {
  it('checks, writes a note and sets the owner with the CSRF header', async () => {
    const user = userEvent.setup();
    const id = backend.applications[0]!.applicationId;
    renderApp(`/admin/applications/${id}`);
    const panel = (await screen.findByRole('heading', { name: 'Notes' })).closest('section') as HTMLElement;
    expect(await within(panel).findByText('No notes yet.')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Add note' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Note is required');
    expect(within(panel).getByLabelText('New note')).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(panel).getByLabelText('New note'), '<b>Passport</b> expires in March');
    await user.click(within(panel).getByRole('button', { name: 'Add note' }));
    // Plain text: the markup shows as written, nothing is rendered as HTML.
    expect(await within(panel).findByText('<b>Passport</b> expires in March')).toBeInTheDocument();
    expect(within(panel).getByText(/Admin User \(admin@vandytravel\.com\)/)).toBeInTheDocument();
    expect(notesBackend.notes.map((n) => n.text)).toEqual(['<b>Passport</b> expires in March']);

    const owner = await screen.findByLabelText('Owner of this applicant');
    await screen.findByRole('option', { name: 'Kofi Mensah' });
    await user.selectOptions(owner, 'u-kofi');
    await screen.findByText('Owner saved');
    expect(notesBackend.owners[id]).toBe('u-kofi');
    const put = backend.requests.find((r) => r.method === 'PUT' && r.path.endsWith('/owner'));
    expect(put?.csrf).toBe(backend.csrf);
  }, 40_000);
});
