import { createStore, useStore } from './create-store';

export type NotificationType = 'success' | 'error' | 'info';

export interface Notification {
  id: number;
  type: NotificationType;
  /** Already translated. */
  message: string;
}

const store = createStore<Notification | null>(null);
let nextId = 1;

/** Shows the notification modal (spec "Notification modal"); a new one replaces the one shown. */
export function notify(type: NotificationType, message: string): void {
  store.set({ id: nextId++, type, message });
}

export function closeNotification(): void {
  store.set(null);
}

export function useNotification(): Notification | null {
  return useStore(store, null);
}
