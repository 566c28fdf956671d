/** Test helpers for the forms: a toast host, and msw handlers that record what was posted. */
import { render } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import { SnackbarProvider } from 'notistack';
import type { ReactElement } from 'react';
import { markSnackbarHostReady } from '@/lib/notify';
import { server } from '@/testing/msw-server';

export function renderForm(ui: ReactElement) {
  // The host is mounted here, not by the app's provider (lib/notify.ts): toasts may go.
  markSnackbarHostReady();
  return render(
    <>
      <SnackbarProvider maxSnack={5} autoHideDuration={null} />
      {ui}
    </>,
  );
}

/** A promise and the function that settles it: `answer(..., held.promise)`, then `held.release()`. */
export function hold(): { promise: Promise<void>; release: () => void } {
  let release: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

export interface Recorded {
  bodies: unknown[];
}

/**
 * Answers POST /api{path} with `status` and `body`, after `wait` ms or once the `wait` promise
 * settles (a test that checks the busy state holds the answer until it has looked); records
 * the JSON bodies.
 */
export function answer(
  path: string,
  status: number,
  body: unknown,
  wait: number | Promise<unknown> = 0,
): Recorded {
  const recorded: Recorded = { bodies: [] };
  server.use(
    http.post(`*/api${path}`, async ({ request }) => {
      const type = request.headers.get('content-type') ?? '';
      recorded.bodies.push(type.includes('json') ? await request.json() : await request.text());
      if (typeof wait === 'number') {
        if (wait) await delay(wait);
      } else await wait;
      return HttpResponse.json(body as Record<string, unknown>, { status });
    }),
  );
  return recorded;
}
