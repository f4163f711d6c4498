// sonner loads with the first toast rather than with the sign-in page; the app's
// toaster mounts at that moment (sonner shows toasts raised before it subscribed).

type Sonner = typeof import('sonner');

let wanted = false;
const listeners = new Set<() => void>();

/** Mounts the app's toaster (idempotent). The signed-in shell asks at once. */
export function requestToaster(): void {
  if (wanted) return;
  wanted = true;
  listeners.forEach((listener) => listener());
}

export function isToasterRequested(): boolean {
  return wanted;
}

export function subscribeToaster(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** sonner's toast function, loading the library (and mounting the toaster) if need be. */
export function loadToast(): Promise<Sonner['toast']> {
  requestToaster();
  return import('sonner').then((m) => m.toast);
}
