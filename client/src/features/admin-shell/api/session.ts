/** The admin session's calls. */
import { client, ok } from '@/lib/api-client';
import type { AdminUser } from './types';

// Session calls answer 401 as a normal "signed out": `ok`, not the guarded `admin`.
export const getSession = (signal?: AbortSignal): Promise<AdminUser> =>
  ok(client.GET('/api/admin/session', { signal }));
export const signIn = (email: string, password: string): Promise<AdminUser> =>
  ok(client.POST('/api/admin/session', { body: { email, password } }));
export const signOut = () => ok(client.DELETE('/api/admin/session'));
export const getDemoCredentials = (signal?: AbortSignal) =>
  ok(client.GET('/api/admin/demo-credentials', { signal }));
