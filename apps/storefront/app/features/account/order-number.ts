/** An order is shown as "#" and the last 7 characters of its order_id (spec section 9). */
export const orderNumber = (orderId: string): string => `#${orderId.slice(-7)}`;
