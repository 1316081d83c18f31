import type { AdminReturn } from '@kram/contract/admin-returns';
import { type ReturnStatus, returnTransitions } from '@kram/contract/returns';
import type { ReturnStepName } from './return-words.ts';

/** The step that moves a return to each status. */
const stepTo: Partial<Record<ReturnStatus, ReturnStepName>> = {
  accepted: 'accept',
  refused: 'refuse',
  received: 'receive',
  refunded: 'refund',
};

/** The steps a return may take from where it stands, in the order the page offers them. */
export function stepsFrom(status: ReturnStatus): ReturnStepName[] {
  return returnTransitions[status].flatMap((next) => {
    const step = stepTo[next];
    return step ? [step] : [];
  });
}

/** An IBAN as people read it: groups of four. */
export const formatIban = (iban: string): string => iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

const kyivDate = new Intl.DateTimeFormat('uk-UA', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/Kyiv',
});

/** A day as the shop writes it (`30.11.2026`): a plain day as it is, a moment by Kyiv's calendar. */
export function formatDay(value: string): string {
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (plain) return `${plain[3]}.${plain[2]}.${plain[1]}`;
  return kyivDate.format(new Date(value));
}

/** Whether the refund goes to the card through the bank (else the manager transfers it to the IBAN). */
export const refundsToCard = (record: Pick<AdminReturn, 'refund_method'>): boolean => record.refund_method === 'card';
