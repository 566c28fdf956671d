import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/msw-server';
import { ApiError, apiHref, client, ok, orNull } from './api-client';
import { upload } from './api-upload';

describe('api client', () => {
  it('parses JSON answers of a typed route, with its path and query parameters', async () => {
    let seen = '';
    server.use(
      http.get('*/api/admin/templates/:key', ({ request }) => {
        seen = request.url;
        return HttpResponse.json({ key: 'x' });
      }),
    );
    const body = await ok(client.GET('/api/admin/templates/{key}', { params: { path: { key: 'a b/c' } } }));
    expect(body).toEqual({ key: 'x' });
    expect(new URL(seen).pathname).toBe('/api/admin/templates/a%20b%2Fc');
  });

  it('leaves empty filters out of the query', async () => {
    let search = '';
    server.use(
      http.get('*/api/jobs', ({ request }) => {
        search = new URL(request.url).search;
        return HttpResponse.json({ items: [] });
      }),
    );
    await ok(client.GET('/api/jobs', { params: { query: { country: 'Qatar', category: '', q: 'nurse' } } }));
    expect(search).toBe('?country=Qatar&q=nurse');
  });

  it('throws an ApiError with status, parsed body and the body message on non-2xx', async () => {
    server.use(http.get('*/api/legal', () => HttpResponse.json({ message: 'Nope' }, { status: 404 })));
    const error = await ok(client.GET('/api/legal')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, body: { message: 'Nope' }, message: 'Nope' });
  });

  it('gives a generic message for an answer without a message, and null for a 404 with orNull', async () => {
    server.use(http.get('*/api/blog-posts/:id', () => new HttpResponse(null, { status: 404 })));
    await expect(
      orNull(client.GET('/api/blog-posts/{post_id}', { params: { path: { post_id: 'gone' } } })),
    ).resolves.toBeNull();
    server.use(http.get('*/api/legal', () => new HttpResponse(null, { status: 503 })));
    const error = await ok(client.GET('/api/legal')).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, body: null, message: 'Request failed with status 503' });
  });

  it('sends JSON bodies with the same-origin cookies and JSON accepted', async () => {
    let sent: { type: string | null; accept: string | null; body: unknown; credentials: string } | null =
      null;
    server.use(
      http.post('*/api/track', async ({ request }) => {
        sent = {
          type: request.headers.get('content-type'),
          accept: request.headers.get('accept'),
          body: await request.json(),
          credentials: request.credentials,
        };
        return HttpResponse.json({ applicationId: 'VA1' });
      }),
    );
    await ok(client.POST('/api/track', { body: { applicationId: 'VA1', contact: 'a@b.c' } }));
    expect(sent).toEqual({
      type: 'application/json',
      accept: 'application/json',
      body: { applicationId: 'VA1', contact: 'a@b.c' },
      credentials: 'same-origin',
    });
  });

  it('passes the abort signal on', async () => {
    server.use(http.get('*/api/legal', () => new Promise<Response>(() => undefined)));
    const controller = new AbortController();
    const call = ok(client.GET('/api/legal', { signal: controller.signal }));
    controller.abort();
    await expect(call).rejects.toThrow();
  });

  it('makes links of GET routes, relative to the page, without empty filters', () => {
    expect(apiHref('/api/admin/data-requests/export.zip', { query: { q: 'ama@example.com' } })).toBe(
      '/api/admin/data-requests/export.zip?q=ama%40example.com',
    );
    expect(apiHref('/api/admin/applications/export.csv', { query: { q: '', jobId: 'J 1' } })).toBe(
      '/api/admin/applications/export.csv?jobId=J+1',
    );
  });

  it('uploads multipart forms and answers like ok()', async () => {
    let parts: string[] = [];
    server.use(
      http.post('*/api/applications', async ({ request }) => {
        parts = [...(await request.formData()).keys()];
        return HttpResponse.json({ applicationId: 'VA1', paymentKey: 'k' }, { status: 201 });
      }),
    );
    const form = new FormData();
    form.append('firstName', 'Ama');
    await expect(upload('/api/applications', form)).resolves.toEqual({
      applicationId: 'VA1',
      paymentKey: 'k',
    });
    expect(parts).toEqual(['firstName']);
    server.use(
      http.post('*/api/applications', () => HttpResponse.json({ message: 'Slow down' }, { status: 429 })),
    );
    await expect(upload('/api/applications', form)).rejects.toMatchObject({
      status: 429,
      message: 'Slow down',
    });
  });
});
