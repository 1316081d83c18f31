import { createStore, useStore } from '../../lib/create-store';

const open = createStore(false);

export const openCart = () => open.set(true);
export const closeCart = () => open.set(false);
export const useCartOpen = () => useStore(open, false);
