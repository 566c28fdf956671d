/** Build-time environment. The API is always same-origin (`/api`), proxied by Vite in development. */
export const env = {
  apiBaseUrl: (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '/api',
  isTest: import.meta.env.MODE === 'test',
} as const;
