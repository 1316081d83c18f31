import { describe, expect, it } from 'vitest';
import { newOrderNotice, orderConfirmationMail } from './order-mail.ts';
import type { OrderRecord } from './orders.repository.ts';

const order = {
  id: '4f9c2a1e-0000-4000-8000-00000a1b2c3d',
  createdAt: new Date('2026-03-11T10:00:00Z'),
  status: 'new',
  paymentMethod: 'cash',
  deliveryType: 'branch',
  lastName: 'Пошуківна',
  firstName: 'Олена',
  phoneNumber: '+380671234567',
  email: 'olena@example.com',
  city: 'Київ',
  branch: 'Відділення №1',
  amount: '12350.00',
  needCallBack: false,
  comment: '',
  cancelReason: null,
  language: 'uk',
  lines: [{ name: 'Куртка', nameRu: 'Куртка', size: { id: 1, name: 'M' }, color: null, quantity: 2, price: '6175.00' }],
} as unknown as OrderRecord;

describe('order mails', () => {
  it('name the payment and the delivery in the sentence’s lower case, in the order’s language', () => {
    expect(orderConfirmationMail('uk', order).text).toContain(
      'Оплата: при отриманні\nДоставка: у відділення: Київ, Відділення №1\n',
    );
    const card = { ...order, paymentMethod: 'card', deliveryType: 'address' } as OrderRecord;
    expect(orderConfirmationMail('ru', card).text).toContain('Оплата: картой онлайн\nДоставка: курьером: Київ,');
    const pickup = { ...order, paymentMethod: 'matching', deliveryType: 'self_delivery' } as OrderRecord;
    expect(orderConfirmationMail('uk', pickup).text).toContain('Оплата: за домовленістю\nДоставка: самовивіз:');
    expect(newOrderNotice({ ...order, deliveryType: 'address' } as OrderRecord)).toContain("Доставка: кур'єром:");
  });
});
