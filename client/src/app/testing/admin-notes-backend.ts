/** msw handlers for notes, owners and replies (the in-memory admin backend's part for issue 27). */
import { http, HttpResponse } from 'msw';
import type { MessageThread, Note } from '@/features/admin-notes/api/notes';

type Guard = (request: Request, safe: boolean) => Promise<Response | null>;

export const notesBackend = {
  notes: [] as Note[],
  staff: [
    { id: 'u-admin', name: 'Admin User' },
    { id: 'u-kofi', name: 'Kofi Mensah' },
  ],
  owners: {} as Record<string, string>,
  replies: [] as MessageThread['replies'],
};

export function resetNotesBackend(): void {
  notesBackend.notes = [];
  notesBackend.owners = {};
  notesBackend.replies = [];
}

const json = (body: unknown, status = 200) => HttpResponse.json(body as object, { status });

export function notesHandlers(guard: Guard) {
  return [
    http.get(
      '*/api/admin/staff',
      async ({ request }) => (await guard(request, true)) ?? json({ items: notesBackend.staff }),
    ),
    http.get('*/api/admin/applications/:id/notes', async ({ request, params }) => {
      const refused = await guard(request, true);
      return refused ?? json({ items: notesBackend.notes.filter((n) => n.applicationId === params.id) });
    }),
    http.post('*/api/admin/applications/:id/notes', async ({ request, params }) => {
      const refused = await guard(request, false);
      if (refused) return refused;
      const { text } = (await request.clone().json()) as { text: string };
      const note: Note = {
        id: `NT${notesBackend.notes.length + 1}`,
        applicationId: String(params.id),
        author: 'admin@vandytravel.com',
        authorName: 'Admin User',
        text,
        createdAt: '2026-01-07T10:00:00Z',
        editedAt: null,
        editedBy: '',
        version: 1,
      };
      notesBackend.notes.push(note);
      return json(note, 201);
    }),
    http.put('*/api/admin/applications/:id/owner', async ({ request, params }) => {
      const refused = await guard(request, false);
      if (refused) return refused;
      const { ownerId } = (await request.clone().json()) as { ownerId: string };
      notesBackend.owners[String(params.id)] = ownerId;
      const name = notesBackend.staff.find((m) => m.id === ownerId)?.name ?? '';
      return json({ applicationId: params.id, ownerId, ownerName: name });
    }),
  ];
}
