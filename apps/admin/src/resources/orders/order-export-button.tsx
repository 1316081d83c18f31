import { orderExport } from '@kram/contract/endpoints/admin';
import type { Language } from '@kram/contract/languages';
import { useState } from 'react';
import { Button, useListContext, useLocaleState, useNotify } from 'react-admin';
import { api, errorCodesOf, queryOf, readBody, toHttpError } from '../../api.ts';
import { DownloadIcon } from '../../icons/download.tsx';
import { attachmentName, exportQuery, orderRefusalKey } from './order-format.ts';

/** Saves a file the browser already holds, under `name`. */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Downloads the orders the list shows (its filters and sort, every page) as a CSV file. Fetched with
 * the bearer token like every call, then saved: a plain link would go without it.
 */
export function OrderExportButton() {
  const { filterValues, sort } = useListContext();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const [pending, setPending] = useState(false);

  async function download() {
    setPending(true);
    try {
      const query = exportQuery(filterValues, sort, locale as Language);
      const response = await api.send(orderExport, { query: queryOf(query) });
      if (!response.ok) throw toHttpError(response.status, await readBody(response), errorCodesOf(response));
      save(await response.blob(), attachmentName(response.headers.get('content-disposition'), 'orders.csv'));
    } catch (error) {
      notify(orderRefusalKey(error) ?? (error instanceof Error ? error.message : 'ra.notification.http_error'), {
        type: 'error',
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <Button label="resources.orders.actions.export" onClick={download} disabled={pending} data-testid="orders-export">
      <DownloadIcon />
    </Button>
  );
}
