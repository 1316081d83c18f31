import { formatMoney } from '@kram/contract/money';
import { kyivDay } from '../../../lib/kyiv-time.ts';
import { type LabelData, labelsPdf, registerPdf } from './print-forms.ts';
import type { CarrierSandboxRepository, SandboxDocument } from './sandbox.repository.ts';
import { collectedOf, dotted, sandboxSender, str } from './sandbox-rules.ts';

export interface PrintAnswer {
  status: number;
  contentType: string;
  body: Uint8Array | string;
}

/**
 * The stand-in's printed forms at Nova Poshta's print paths: labels of waybills (by ref or number) and
 * registers. `placeName` names cities and branches by their refs (the ref is printed when unknown).
 */
export function sandboxPrinter(
  repository: CarrierSandboxRepository,
  placeName?: (ref: string) => Promise<string | undefined>,
) {
  const place = async (ref: string) => (ref ? ((await placeName?.(ref)) ?? ref) : '');

  async function labelOf(document: SandboxDocument): Promise<LabelData> {
    const props = document.properties;
    const collected = collectedOf(props);
    const toDoor = str(props.ServiceType).endsWith('Doors');
    return {
      number: document.number,
      sendDay: str(props.DateTime),
      sender: str(props.Sender) === sandboxSender.counterpartyRef ? sandboxSender.name : 'Відправник',
      senderPlace: [await place(str(props.CitySender)), await place(str(props.SenderAddress))]
        .filter(Boolean)
        .join(', '),
      recipientName: str(props.RecipientName),
      recipientPhone: str(props.RecipientsPhone),
      recipientCity: str(props.RecipientCityName) || (await place(str(props.CityRecipient))),
      recipientPlace: toDoor ? str(props.RecipientAddressName) : await place(str(props.RecipientAddress)),
      weightKg: str(props.Weight),
      seats: str(props.SeatsAmount) || '1',
      declaredValue: str(props.Cost),
      ...(collected !== undefined ? { cashOnDelivery: formatMoney(collected) } : {}),
      payer: str(props.PayerType) === 'Sender' ? 'відправник' : 'отримувач',
      description: str(props.Description),
    };
  }

  const notFound: PrintAnswer = { status: 404, contentType: 'text/plain; charset=utf-8', body: 'Not found' };

  /** A printed form by its path (what follows my.novaposhta.ua), as a PDF. */
  return async function print(path: string): Promise<PrintAnswer> {
    const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
    const after = (name: string) => parts[parts.indexOf(name) + 1] ?? '';
    if (!parts.includes('apiKey') || !after('apiKey')) return { ...notFound, status: 403, body: 'No API key' };
    if (after('type') !== 'pdf') return notFound;
    const [model, form, list] = parts;
    if (model === 'orders' && (form === 'printMarking100x100' || form === 'printDocument') && list === 'orders[]') {
      const keys = after('orders[]').split(',').filter(Boolean);
      const documents = await repository.byRefsOrNumbers(keys);
      const ordered = keys.map((key) => documents.find((d) => (d.ref === key || d.number === key) && !d.deleted));
      if (keys.length === 0 || ordered.some((d) => !d)) return notFound;
      const labels = await Promise.all((ordered as SandboxDocument[]).map(labelOf));
      return {
        status: 200,
        contentType: 'application/pdf',
        body: labelsPdf(labels, form === 'printDocument' ? 'a4' : 'marking'),
      };
    }
    if (model === 'scanSheet' && form === 'printScanSheet' && list === 'refs[]') {
      const found = await repository.register(after('refs[]'));
      if (!found) return notFound;
      const waybills = found.documents.map((d) => {
        const collected = collectedOf(d.properties);
        return {
          number: d.number,
          recipient: str(d.properties.RecipientName),
          city: str(d.properties.RecipientCityName),
          weightKg: str(d.properties.Weight),
          seats: str(d.properties.SeatsAmount) || '1',
          cod: collected === undefined ? '' : formatMoney(collected),
        };
      });
      const date = dotted(kyivDay(found.register.createdAt));
      return {
        status: 200,
        contentType: 'application/pdf',
        body: registerPdf({ number: found.register.number, date, waybills }),
      };
    }
    return notFound;
  };
}
