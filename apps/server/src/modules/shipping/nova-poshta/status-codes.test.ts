import type { ShipmentStatus } from '@kram/contract/shipping';
import { describe, expect, it } from 'vitest';
import { moneyTransferredCodes, novaPoshtaStatuses, novaPoshtaStatusTexts, shipmentStatusOf } from './status-codes.ts';

const documented: [ShipmentStatus, string[]][] = [
  ['created', ['1']],
  ['deleted', ['2']],
  ['in_transit', ['4', '41', '5', '6', '12', '101', '104', '111', '112', '14']],
  ['at_branch', ['7', '8', '107']],
  ['received', ['9', '10', '11', '106']],
  ['refused', ['102', '103', '108']],
  ['returning', ['105']],
];

describe('Nova Poshta’s tracking codes', () => {
  it.each(documented)('map to %s', (status, codes) => {
    for (const code of codes) expect(shipmentStatusOf(code), code).toBe(status);
    for (const code of codes) expect(shipmentStatusOf(Number(code)), code).toBe(status);
  });

  it('are all in the table, and nothing else is', () => {
    expect(Object.keys(novaPoshtaStatuses).sort()).toEqual(documented.flatMap(([, codes]) => codes).sort());
  });

  it('give no status for a number not found (3) or a code the table lacks', () => {
    expect(shipmentStatusOf('3')).toBeUndefined();
    expect(shipmentStatusOf('999')).toBeUndefined();
    expect(shipmentStatusOf('')).toBeUndefined();
  });

  it('tell the cash-on-delivery money reached the sender with 11 only', () => {
    expect([...moneyTransferredCodes]).toEqual(['11']);
    expect(shipmentStatusOf('11')).toBe('received');
  });

  it('have the carrier’s words for every code, "not found" included', () => {
    for (const code of [...Object.keys(novaPoshtaStatuses), '3'])
      expect(novaPoshtaStatusTexts[code], code).toBeTruthy();
  });
});
