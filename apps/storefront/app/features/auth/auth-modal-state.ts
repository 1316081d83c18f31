import { createStore, useStore } from '../../lib/create-store';

const open = createStore(false);

export const openAuth = () => open.set(true);
export const closeAuth = () => open.set(false);
export const useAuthOpen = () => useStore(open, false);
