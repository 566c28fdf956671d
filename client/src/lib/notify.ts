/**
 * Toasts. notistack is loaded lazily (it is not needed for the first paint of `/`), so use
 * `notify(...)` — or notistack's global `enqueueSnackbar` inside lazy chunks — rather than
 * the `useSnackbar` hook: the SnackbarProvider is mounted beside the app, not around it.
 */
import type { SnackbarMessage } from 'notistack';

export type NotifyVariant = 'default' | 'success' | 'error' | 'warning' | 'info';

export async function notify(message: string, variant: NotifyVariant = 'default'): Promise<void> {
  await showToast(message, variant);
}

/**
 * One toast at a time: a new one takes the place of the one showing (three used to pile up, and
 * "Login successful" stayed over the next pages). Every toast goes through here.
 */
export async function showToast(content: SnackbarMessage, variant: NotifyVariant): Promise<void> {
  await snackbarHost();
  // The module's named exports, or its default export where a bundle gives only that.
  const module = (await import('notistack')) as Partial<typeof import('notistack')> & {
    default?: typeof import('notistack');
  };
  const api = module.enqueueSnackbar ? module : module.default;
  api?.closeSnackbar?.();
  api?.enqueueSnackbar?.(content, { variant });
}

let markReady: () => void = () => undefined;
/**
 * Resolves once the lazily loaded SnackbarProvider is mounted. A toast enqueued before that is
 * lost, so a page that toasts on load (the payment result page) waits for it.
 */
export const snackbarHostReady = new Promise<void>((resolve) => {
  markReady = resolve;
});
export function markSnackbarHostReady(): void {
  markReady();
}

let mountHost: () => void = () => undefined;
let hostWanted = false;

/** Registered by the app's provider: mounts the SnackbarProvider (and so loads notistack). */
export function onSnackbarHostWanted(mount: () => void): void {
  mountHost = mount;
  if (hostWanted) mount();
}

/**
 * The toast host, mounted on demand (the provider also mounts it at the first interaction, not
 * at load: notistack is 7.5 KB nobody needs until a form is sent). Resolves once a toast shows.
 */
export function snackbarHost(): Promise<void> {
  hostWanted = true;
  mountHost();
  return snackbarHostReady;
}
