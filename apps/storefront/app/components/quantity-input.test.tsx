import { quantityOnLeave, quantityWhileTyping } from '@kram/contract/quantity';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { QuantityInput } from './quantity-input';

function Harness({ start = 1 }: { start?: number }) {
  const [count, setCount] = useState(start);
  return (
    <>
      <QuantityInput value={count} onChange={setCount} label="Кількість" />
      <output data-testid="count">{count}</output>
    </>
  );
}

const input = () => screen.getByLabelText('Кількість') as HTMLInputElement;
const minus = () => screen.getByRole('button', { name: 'product.decrease' }) as HTMLButtonElement;
const plus = () => screen.getByRole('button', { name: 'product.increase' });
const count = () => screen.getByTestId('count').textContent;

describe('quantity rules', () => {
  it('allow an empty field while typing; anything not a whole number becomes 1', () => {
    expect(quantityWhileTyping('')).toBe('');
    expect(quantityWhileTyping('12')).toBe('12');
    expect(quantityWhileTyping('0')).toBe('0');
    expect(quantityWhileTyping('abc')).toBe('1');
    expect(quantityWhileTyping('-3')).toBe('1');
    expect(quantityWhileTyping('2.5')).toBe('1');
  });

  it('make an empty or zero field 1 on leaving it', () => {
    expect(quantityOnLeave('')).toBe(1);
    expect(quantityOnLeave('0')).toBe(1);
    expect(quantityOnLeave('7')).toBe(7);
  });
});

describe('QuantityInput', () => {
  it('disables minus at 1 and has no upper bound', () => {
    render(<Harness />);
    expect(minus().disabled).toBe(true);
    for (let i = 0; i < 120; i++) fireEvent.click(plus());
    expect(count()).toBe('121');
    expect(minus().disabled).toBe(false);
    fireEvent.click(minus());
    expect(count()).toBe('120');
  });

  it('lets the field be empty while typing and makes it 1 on blur', () => {
    render(<Harness start={4} />);
    fireEvent.change(input(), { target: { value: '' } });
    expect(input().value).toBe('');
    expect(count()).toBe('4');
    fireEvent.blur(input());
    expect(input().value).toBe('1');
    expect(count()).toBe('1');
  });

  it('resets a non-numeric or negative entry to 1, and zero to 1 on blur', () => {
    render(<Harness start={5} />);
    fireEvent.change(input(), { target: { value: 'x' } });
    expect(input().value).toBe('1');
    expect(count()).toBe('1');
    fireEvent.change(input(), { target: { value: '-2' } });
    expect(input().value).toBe('1');
    fireEvent.change(input(), { target: { value: '0' } });
    expect(input().value).toBe('0');
    fireEvent.blur(input());
    expect(input().value).toBe('1');
  });

  it('takes a typed number at once', () => {
    render(<Harness />);
    fireEvent.change(input(), { target: { value: '33' } });
    expect(count()).toBe('33');
  });
});
