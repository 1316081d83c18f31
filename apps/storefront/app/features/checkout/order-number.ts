/** The number a shopper sees: "#" and the last 7 characters of the order's id (spec section 9). */
export const orderNumber = (orderId: string): string => `#${orderId.slice(-7)}`;
