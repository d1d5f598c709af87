/**
 * In-app alerts, in place of the browser's `alert()`: any code may call `showAlert(message)`; the one
 * `<AlertHost>` at the root shows them one at a time, in order, and the promise settles when the player
 * dismisses the message. The store outlives route changes, so a screen may show a result and navigate away.
 */
export interface PendingAlert {
  id: number;
  message: string;
  title: string;
  resolve: () => void;
}

type Listener = () => void;

let queue: readonly PendingAlert[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function publish(next: readonly PendingAlert[]) {
  queue = next;
  for (const listener of listeners) listener();
}

/** Shows `message` in an alert dialog (title "Notice" unless given); resolves once it is dismissed. */
export function showAlert(message: string, title = "Notice"): Promise<void> {
  return new Promise((resolve) => {
    publish([...queue, { id: nextId++, message, title, resolve }]);
  });
}

/** Dismisses the alert on screen (the oldest), showing the next. */
export function dismissAlert(id: number): void {
  const alert = queue.find((item) => item.id === id);
  if (!alert) return;
  publish(queue.filter((item) => item.id !== id));
  alert.resolve();
}

export function subscribeAlerts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The alert on screen, or null. */
export function currentAlert(): PendingAlert | null {
  return queue[0] ?? null;
}

/** Dismisses every alert, shown or waiting (a page torn down, e.g. between tests). */
export function dismissAllAlerts(): void {
  const pending = queue;
  publish([]);
  for (const alert of pending) alert.resolve();
}
