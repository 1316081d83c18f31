import { shippingLabels, shippingRegisterPdf } from '@kram/contract/endpoints/admin';
import { api, errorCodesOf, readBody, toHttpError } from '../../api.ts';
import { type LabelFormat, labelsQueryOf } from './shipping-format.ts';

/**
 * Opens a PDF the API answers. Fetched with the bearer token like every call (a plain link would go
 * without it), then shown from the browser's memory. The tab is opened at the click, before the
 * answer, so that no pop-up blocker takes it for an unasked window; when the browser gives none, the
 * file is saved instead.
 */
async function openPdf(load: () => Promise<Response>, name: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const response = await load();
    if (!response.ok) throw toHttpError(response.status, await readBody(response), errorCodesOf(response));
    const url = URL.createObjectURL(await response.blob());
    if (tab) {
      tab.location.href = url;
    } else {
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
    }
    // The tab keeps its own copy once it has read the file.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** The orders' waybill labels as one PDF: 100 × 100 mm markings or A4 sheets. */
export const openLabels = (orderIds: readonly string[], format: LabelFormat): Promise<void> =>
  openPdf(() => api.send(shippingLabels, { query: labelsQueryOf(orderIds, format) }), `labels-${format}.pdf`);

/** A hand-over register, printable. */
export const openRegister = (ref: string): Promise<void> =>
  openPdf(() => api.send(shippingRegisterPdf, { params: { ref } }), 'register.pdf');
