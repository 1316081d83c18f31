import { createStore, useStore } from '../../lib/create-store';

/** The views of the authorization modal (spec "Authorization modal"). */
export type AuthView = 'login' | 'register' | 'registered' | 'forgot' | 'resetSent' | 'loginFailed';

/** Null while closed; otherwise the view it opens on. */
const opened = createStore<AuthView | null>(null);

export const openAuth = () => opened.set('login');
/** Opens the modal on another first view, e.g. the forgotten-password form. */
export const openAuthAt = (view: 'login' | 'register' | 'forgot') => opened.set(view);
export const closeAuth = () => opened.set(null);
export const useAuthOpen = () => useStore(opened, null) !== null;
export const useAuthStartView = () => useStore(opened, null) ?? 'login';
