import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/msw-server';
import { ApiError, api } from './api-client';

describe('api client', () => {
  it('parses JSON answers', async () => {
    server.use(http.get('*/api/thing', () => HttpResponse.json({ ok: 1 })));
    await expect(api.get('/thing')).resolves.toEqual({ ok: 1 });
  });

  it('throws an ApiError with status and parsed body on non-2xx', async () => {
    server.use(http.get('*/api/missing', () => HttpResponse.json({ message: 'Nope' }, { status: 404 })));
    const error = await api.get('/missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, body: { message: 'Nope' }, message: 'Nope' });
  });
});
