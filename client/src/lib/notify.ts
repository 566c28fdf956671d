/**
 * Toasts. notistack is loaded lazily (it is not needed for the first paint of `/`), so use
 * `notify(...)` — or notistack's global `enqueueSnackbar` inside lazy chunks — rather than
 * the `useSnackbar` hook: the SnackbarProvider is mounted beside the app, not around it.
 */
export type NotifyVariant = 'default' | 'success' | 'error' | 'warning' | 'info';

export async function notify(message: string, variant: NotifyVariant = 'default'): Promise<void> {
  await snackbarHost();
  const { enqueueSnackbar } = await import('notistack');
  enqueueSnackbar(message, { variant });
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
