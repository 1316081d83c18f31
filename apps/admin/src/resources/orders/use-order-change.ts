import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { orderRefusalKey } from './order-format.ts';

/**
 * Runs a change to an order, then tells how it went and reloads the order: its amount, history and
 * allowed moves follow every change. A refusal is told in its own words; a status that moved in the
 * meantime reloads the page too, so the buttons match the order again.
 */
export function useOrderChange() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState(false);
  async function run(change: () => Promise<unknown>, done: string, values?: Record<string, unknown>) {
    setPending(true);
    try {
      await change();
      notify(done, { type: 'info', messageArgs: values });
      refresh();
      return true;
    } catch (error) {
      const key = orderRefusalKey(error);
      notify(key ?? (error instanceof Error ? error.message : 'ra.notification.http_error'), { type: 'error' });
      if (key) refresh();
      return false;
    } finally {
      setPending(false);
    }
  }
  return { run, pending };
}
