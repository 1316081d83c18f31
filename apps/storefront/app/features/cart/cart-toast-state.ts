import { createStore, useStore } from '../../lib/create-store';

export interface CartToast {
  id: number;
  /** The product's name, already in the page's language. */
  name: string;
}

const toast = createStore<CartToast | null>(null);
let nextId = 1;

/** "Added to the cart", shown without blocking the page; a new one replaces the one shown. */
export const showCartToast = (name: string) => toast.set({ id: nextId++, name });
export const hideCartToast = () => toast.set(null);
export const useCartToast = () => useStore(toast, null);
