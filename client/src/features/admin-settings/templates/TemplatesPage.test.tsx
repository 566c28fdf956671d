import { AdminQueryProvider } from '@/features/admin-shell';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { markSnackbarHostReady } from '@/lib/notify';
import { server } from '@/testing/msw-server';
import TemplatesPage from './TemplatesPage';

markSnackbarHostReady();

const KEY = 'sms.status.approved';
const DETAIL = {
  key: KEY,
  label: 'SMS: application approved',
  channel: 'sms',
  text: 'Congratulations {name}!',
  edited: false,
  version: 0,
  updatedBy: null,
  updatedAt: null,
  default: 'Congratulations {name}!',
  placeholders: [
    { name: 'name', longest: 'Nana', optional: false },
    { name: 'track_url', longest: 'x/track', optional: true },
  ],
  versions: [],
  oneLine: false,
};

function previewOf(text: string) {
  const rendered = text.replaceAll('{name}', 'Nana');
  const parts = rendered.length <= 160 ? 1 : Math.ceil(rendered.length / 153);
  return {
    text: rendered,
    characters: rendered.length,
    encoding: 'GSM-7',
    parts,
    warning: parts > 2 ? `This text takes ${parts} SMS parts (more than 2)` : '',
    error: text.includes('{nmae}')
      ? 'Unknown placeholder {nmae}: this message can use {name}, {track_url}'
      : '',
  };
}

describe('TemplatesPage', () => {
  it('previews as staff type, refuses what the server refuses and saves a version', async () => {
    let saved: unknown = null;
    server.use(
      http.get(`*/api/admin/templates/${KEY}`, () => HttpResponse.json(DETAIL)),
      http.post(`*/api/admin/templates/${KEY}/preview`, async ({ request }) => {
        const { text } = (await request.json()) as { text: string };
        return HttpResponse.json(previewOf(text));
      }),
      http.put(`*/api/admin/templates/${KEY}`, async ({ request }) => {
        saved = await request.json();
        const { text } = saved as { text: string };
        if (text.includes('{nmae}'))
          return HttpResponse.json({ errors: { text: previewOf(text).error } }, { status: 422 });
        return HttpResponse.json({
          ...DETAIL,
          text,
          edited: true,
          version: 1,
          versions: [
            { version: 1, text, author: 'a@b.c', createdAt: '2026-11-24T00:00:00Z', restoredFrom: 0 },
          ],
        });
      }),
    );
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={[`/admin/templates?key=${KEY}`]}>
        <SnackbarProvider />
        <TemplatesPage />
      </MemoryRouter>,
      { wrapper: AdminQueryProvider },
    );
    const box = await screen.findByLabelText('Text of “SMS: application approved”');
    expect(await screen.findByTestId('template-facts')).toHaveTextContent('Encoding: GSM-7 · 1 SMS part');
    await user.clear(box);
    await user.type(box, 'Hi {{nmae}');
    expect(
      await screen.findByText('Unknown placeholder {nmae}: this message can use {name}, {track_url}'),
    ).toBeInTheDocument();
    await user.clear(box);
    await user.paste(`Well done {name}${'!'.repeat(200)}`);
    expect(await screen.findByText(/2 SMS parts/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('Template saved')).toBeInTheDocument();
    expect(saved).toEqual({ text: `Well done {name}${'!'.repeat(200)}` });
    expect(screen.getByText(/Version 1 · a@b.c/)).toBeInTheDocument();
  });

  it('asks for a text before it sends one, on the field, and a keystroke hands over to the preview', async () => {
    let puts = 0;
    server.use(
      http.get(`*/api/admin/templates/${KEY}`, () => HttpResponse.json(DETAIL)),
      http.post(`*/api/admin/templates/${KEY}/preview`, async ({ request }) => {
        const { text } = (await request.json()) as { text: string };
        return HttpResponse.json(previewOf(text));
      }),
      http.put(`*/api/admin/templates/${KEY}`, () => {
        puts += 1;
        return HttpResponse.json(DETAIL);
      }),
    );
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={[`/admin/templates?key=${KEY}`]}>
        <SnackbarProvider />
        <TemplatesPage />
      </MemoryRouter>,
      { wrapper: AdminQueryProvider },
    );
    const box = await screen.findByLabelText('Text of “SMS: application approved”');
    await user.clear(box);
    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    const message = await screen.findByText('Enter the text of the message');
    expect(message).toHaveAttribute('id', 'template-text-error');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAttribute('aria-describedby', 'template-text-error');
    expect(box).toHaveFocus();
    expect(puts).toBe(0);
    await user.type(box, 'Hi {{nmae}');
    expect(screen.queryByText('Enter the text of the message')).not.toBeInTheDocument();
    expect(
      await screen.findByText('Unknown placeholder {nmae}: this message can use {name}, {track_url}'),
    ).toBeInTheDocument();
  });

  it('edits an e-mail subject on one line, where Enter adds no line break', async () => {
    const subjectKey = 'email.application.subject';
    const subject = {
      ...DETAIL,
      key: subjectKey,
      label: 'E-mail subject: application received',
      channel: 'email',
      text: 'Your application {application_id}',
      default: 'Your application {application_id}',
      placeholders: [{ name: 'application_id', longest: 'VA1795479503425', optional: false }],
      oneLine: true,
    };
    const saved: unknown[] = [];
    server.use(
      http.get(`*/api/admin/templates/${subjectKey}`, () => HttpResponse.json(subject)),
      http.post(`*/api/admin/templates/${subjectKey}/preview`, () =>
        HttpResponse.json({ ...previewOf('Your application VA1'), encoding: null, parts: null }),
      ),
      http.put(`*/api/admin/templates/${subjectKey}`, async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json(subject);
      }),
    );
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={[`/admin/templates?key=${subjectKey}`]}>
        <SnackbarProvider />
        <TemplatesPage />
      </MemoryRouter>,
      { wrapper: AdminQueryProvider },
    );
    const box = await screen.findByLabelText('Text of “E-mail subject: application received”');
    expect(box.tagName).toBe('INPUT');
    await user.type(box, ' now{enter}');
    expect(await screen.findByText('Template saved')).toBeInTheDocument();
    expect(saved).toEqual([{ text: 'Your application {application_id} now' }]);
  });

  it("puts the server's refusal on the field and keeps the text", async () => {
    server.use(
      http.get(`*/api/admin/templates/${KEY}`, () => HttpResponse.json(DETAIL)),
      http.post(`*/api/admin/templates/${KEY}/preview`, () => HttpResponse.json(previewOf('Hi {name}'))),
      http.put(`*/api/admin/templates/${KEY}`, () =>
        HttpResponse.json(
          { errors: { text: 'This message must keep {name}: without it, it cannot do its job' } },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={[`/admin/templates?key=${KEY}`]}>
        <SnackbarProvider />
        <TemplatesPage />
      </MemoryRouter>,
      { wrapper: AdminQueryProvider },
    );
    const box = await screen.findByLabelText('Text of “SMS: application approved”');
    await user.clear(box);
    await user.type(box, 'Hello');
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    const message = await screen.findByText(
      'This message must keep {name}: without it, it cannot do its job',
    );
    expect(message).toHaveAttribute('id', 'template-text-error');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveFocus();
    expect(box).toHaveValue('Hello');
  });
});
