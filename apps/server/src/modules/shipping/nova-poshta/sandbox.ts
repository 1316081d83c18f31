import crypto from 'node:crypto';
import { formatMoney } from '@kram/contract/money';
import type { Database, Executor } from '../../../db/client.ts';
import { addDays, kyivDateTime, kyivDay, kyivDayStart } from '../../../lib/kyiv-time.ts';
import { novaPoshtaErrors } from './error-codes.ts';
import type { NovaPoshtaAnswer } from './protocol.ts';
import { carrierSandboxRepository, type SandboxDocument } from './sandbox.repository.ts';
import { sandboxPrinter } from './sandbox-print.ts';
import {
  addCarrierWorkingDays,
  collectedOf,
  collectionFee,
  dayOf,
  deliveryCost,
  deliveryDayOf,
  dotted,
  freeStorageDays,
  hryvniaNumber,
  moneyOf,
  type Properties,
  priceErrors,
  sandboxSender,
  serviceTypes,
  str,
  waybillErrors,
} from './sandbox-rules.ts';
import { notFoundCode, novaPoshtaStatusTexts } from './status-codes.ts';

const answer = (data: unknown[], info: unknown = []): NovaPoshtaAnswer => ({
  success: true,
  data,
  errors: [],
  warnings: [],
  info,
  messageCodes: [],
  errorCodes: [],
  warningCodes: [],
  infoCodes: [],
});

/** A refusal as Nova Poshta words it: its English text beside each code, or a text without a code. */
const refusal = (codes: readonly string[], uncoded: readonly string[] = []): NovaPoshtaAnswer => ({
  ...answer([]),
  success: false,
  errors: [...codes.map((code) => novaPoshtaErrors[code]?.en ?? code), ...uncoded],
  errorCodes: [...codes, ...uncoded.map(() => '')],
});

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant on Kyiv's clock as Nova Poshta writes some dates: `2026-11-30 14:05:09`. */
const isoDateTime = (at: Date) => `${kyivDateTime(at)}:${pad(at.getUTCSeconds())}`;
/** …and others: `30.11.2026 14:05:09`. */
const dottedDateTime = (at: Date) => {
  const [day, time] = isoDateTime(at).split(' ') as [string, string];
  return `${dotted(day)} ${time}`;
};

/** Moves a person playing the carrier may make, from each code: a parcel only goes forward. */
const forwardMoves: Record<string, string[]> = { '1': ['5'], '5': ['7', '103'], '7': ['9', '103', '105'], '9': ['11'] };
/** A return waybill is created on its way back, and is received when it is back. */
const returnMoves: Record<string, string[]> = { '5': ['9'] };

const isReturn = (document: SandboxDocument) => document.properties.Return === '1';

/** The codes `document` may move to now. */
export function nextMoves(document: SandboxDocument): string[] {
  if (document.deleted) return [];
  const moves = (isReturn(document) ? returnMoves : forwardMoves)[document.statusCode] ?? [];
  // The money goes back only when there was money to collect.
  return moves.filter((code) => code !== '11' || collectedOf(document.properties) !== undefined);
}

export interface CarrierSandboxOptions {
  /** The name of a city or a branch by its Nova Poshta ref, for printed labels (the ref when unknown). */
  placeName?: (ref: string) => Promise<string | undefined>;
}

/**
 * The shop's own Nova Poshta: without an API key (the demo, every test) the adapter talks to this,
 * over the same JSON protocol, and a person plays the carrier on its page by moving parcels on.
 */
export function carrierSandbox(database: Database, options: CarrierSandboxOptions = {}) {
  const repository = carrierSandboxRepository(database);
  const today = () => kyivDay(new Date());

  /** A new document with a fresh 14-digit number (20450…), drawn again in the rare case it is taken. */
  async function newDocument(properties: Properties, statusCode: string, tx?: Executor): Promise<SandboxDocument> {
    for (let attempt = 0; attempt < 10; attempt++) {
      const number = `20450${String(crypto.randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
      const row = await repository.insertDocument({ ref: crypto.randomUUID(), number, properties, statusCode }, tx);
      if (row) return row;
    }
    throw new Error('the carrier sandbox found no free waybill number');
  }

  const documentAnswer = (document: SandboxDocument) => {
    const props = document.properties;
    const sendDay = dayOf(props.DateTime) ?? kyivDay(document.createdAt);
    return {
      Ref: document.ref,
      IntDocNumber: document.number,
      CostOnSite: hryvniaNumber(deliveryCost(props)),
      EstimatedDeliveryDate: dotted(deliveryDayOf(props, sendDay)),
      TypeDocument: 'InternetDocument',
    };
  };

  function statusOf(number: string, document: SandboxDocument | undefined): Record<string, unknown> {
    if (!document) return { Number: number, StatusCode: notFoundCode, Status: novaPoshtaStatusTexts[notFoundCode] };
    const props = document.properties;
    const code = document.deleted ? '2' : document.statusCode;
    const collected = collectedOf(props);
    const item: Record<string, unknown> = {
      Number: document.number,
      StatusCode: code,
      Status: novaPoshtaStatusTexts[code] ?? '',
      DateCreated: dottedDateTime(document.createdAt),
      CityRecipient: str(props.RecipientCityName),
      RecipientFullNameEW: str(props.RecipientName),
      ClientBarcode: str(props.InfoRegClientBarcodes),
      AnnouncedPrice: str(props.Cost),
      DocumentCost: hryvniaNumber(deliveryCost(props)),
      Redelivery: collected === undefined ? 0 : 1,
      RedeliverySum: collected === undefined ? '' : formatMoney(collected),
    };
    if (document.arrivedAt) {
      const arrival = kyivDay(document.arrivedAt);
      Object.assign(item, {
        ActualDeliveryDate: isoDateTime(document.arrivedAt),
        DateFirstDayStorage: arrival,
        // The first day of paid storage: the day after the last of the free working days.
        DatePayedKeeping: `${addDays(addCarrierWorkingDays(arrival, freeStorageDays), 1)} 00:00:00`,
      });
    }
    if (document.receivedAt) item.RecipientDateTime = dottedDateTime(document.receivedAt);
    if (document.returnNumber) {
      Object.assign(item, {
        LastCreatedOnTheBasisNumber: document.returnNumber,
        LastCreatedOnTheBasisDocumentType: 'Return',
      });
    }
    return item;
  }

  const methods: Record<string, (props: Properties) => Promise<NovaPoshtaAnswer>> = {
    async 'InternetDocument.getDocumentPrice'(props) {
      const errors = priceErrors(props);
      if (errors.length > 0) return refusal(errors);
      const redelivery = moneyOf((props.RedeliveryCalculate as Properties | undefined)?.Amount);
      return answer([
        {
          AssessedCost: hryvniaNumber(moneyOf(props.Cost) ?? 0),
          Cost: hryvniaNumber(deliveryCost(props)),
          ...(redelivery ? { CostRedelivery: hryvniaNumber(collectionFee(redelivery)) } : {}),
        },
      ]);
    },

    async 'InternetDocument.getDocumentDeliveryDate'(props) {
      const errors: string[] = [];
      const day = dayOf(props.DateTime);
      if (!str(props.DateTime)) errors.push('20000200145');
      else if (!day) errors.push('20000400456');
      if (!str(props.CitySender)) errors.push('20000200107');
      if (!str(props.CityRecipient)) errors.push('20000200104');
      if (!serviceTypes.includes(str(props.ServiceType))) errors.push('20000200348');
      if (errors.length > 0 || !day) return refusal(errors);
      return answer([
        {
          DeliveryDate: {
            date: `${deliveryDayOf(props, day)} 00:00:00.000000`,
            timezone_type: 3,
            timezone: 'Europe/Kiev',
          },
        },
      ]);
    },

    async 'InternetDocument.save'(props) {
      const errors = waybillErrors(props, today());
      if (errors.length > 0) return refusal(errors);
      return answer([documentAnswer(await newDocument(props, '1'))]);
    },

    async 'InternetDocument.update'(props) {
      const { Ref, ...properties } = props;
      const errors = waybillErrors(properties, today());
      if (errors.length > 0) return refusal(errors);
      return repository.transaction(async (tx) => {
        const document = await repository.lock({ ref: str(Ref) }, tx);
        if (!document || document.deleted) return refusal(['20000300415']);
        // Once the parcel is with the carrier its waybill stays as it is.
        if (document.statusCode !== '1') return refusal(['20000301006']);
        return answer([documentAnswer(await repository.change(document.ref, { properties }, tx))]);
      });
    },

    async 'InternetDocument.delete'(props) {
      const refs = (Array.isArray(props.DocumentRefs) ? props.DocumentRefs : [props.DocumentRefs])
        .map(str)
        .filter(Boolean);
      if (refs.length === 0) return refusal(['20000200565']);
      return repository.transaction(async (tx) => {
        for (const ref of refs) {
          const document = await repository.lock({ ref }, tx);
          if (!document || document.deleted || document.statusCode !== '1') return refusal(['20000201173']);
          await repository.change(ref, { deleted: true }, tx);
        }
        return answer(refs.map((ref) => ({ Ref: ref })));
      });
    },

    async 'InternetDocument.getDocumentList'(props) {
      const from = dayOf(props.DateTimeFrom);
      const to = props.DateTimeTo === undefined ? from : dayOf(props.DateTimeTo);
      if (!from || !to) return refusal(['20000300413']);
      const documents = await repository.createdBetween(kyivDayStart(from), kyivDayStart(to, 1));
      const list = documents.map((document) => ({
        ...documentAnswer(document),
        DateTime: str(document.properties.DateTime),
        InfoRegClientBarcodes: str(document.properties.InfoRegClientBarcodes),
        RecipientContactPerson: str(document.properties.RecipientName),
        RecipientsPhone: str(document.properties.RecipientsPhone),
        StateId: Number(document.statusCode),
        StateName: novaPoshtaStatusTexts[document.statusCode] ?? '',
      }));
      return answer(list, { totalCount: list.length });
    },

    async 'TrackingDocument.getStatusDocuments'(props) {
      const asked = props.Documents;
      if (!Array.isArray(asked)) return refusal(['20000200159']);
      if (asked.length > 100) return refusal([], ['Documents: no more than 100 in one request']);
      const numbers = asked.map((item) => str((item as Properties)?.DocumentNumber));
      const known = new Map(
        (await repository.byRefsOrNumbers(numbers.filter((n) => /^\d{14}$/.test(n)))).map((d) => [d.number, d]),
      );
      return answer(numbers.map((number) => statusOf(number, known.get(number))));
    },

    async 'ScanSheet.insertDocuments'(props) {
      const keys = (Array.isArray(props.DocumentRefs) ? props.DocumentRefs : [props.DocumentRefs])
        .map(str)
        .filter(Boolean);
      if (keys.length === 0) return refusal(['20000200565']);
      return repository.transaction(async (tx) => {
        const found = await repository.byRefsOrNumbers(keys, tx);
        const errors = keys.flatMap((key) => {
          const document = found.find((d) => d.ref === key || d.number === key);
          if (!document || document.deleted) return [{ Ref: key, Error: novaPoshtaErrors['20000300415']?.en }];
          if (document.registerRef)
            return [{ Ref: key, Number: document.number, Error: novaPoshtaErrors['20000200153']?.en }];
          return [];
        });
        const date = dotted(today());
        if (errors.length > 0) {
          return answer([
            { Ref: '', Number: '', Date: date, Errors: errors, Warnings: [], Data: { Errors: errors, Success: [] } },
          ]);
        }
        for (let attempt = 0; attempt < 10; attempt++) {
          const number = `105-${String(crypto.randomInt(0, 100_000_000)).padStart(8, '0')}`;
          const register = await repository.insertRegister({ ref: crypto.randomUUID(), number }, tx);
          if (!register) continue;
          await repository.putInRegister(
            found.map((d) => d.ref),
            register.ref,
            tx,
          );
          const success = found.map((d) => ({ Ref: d.ref, Number: d.number }));
          return answer([
            {
              Ref: register.ref,
              Number: number,
              Date: date,
              Errors: [],
              Warnings: [],
              Data: { Errors: [], Success: success },
              Success: success,
            },
          ]);
        }
        throw new Error('the carrier sandbox found no free register number');
      });
    },

    async 'Counterparty.getCounterparties'(props) {
      if (str(props.CounterpartyProperty) !== 'Sender') return answer([]);
      return answer([
        { Ref: sandboxSender.counterpartyRef, Description: sandboxSender.name, CounterpartyType: 'Organization' },
      ]);
    },

    async 'Counterparty.getCounterpartyContactPersons'(props) {
      if (str(props.Ref) !== sandboxSender.counterpartyRef) return answer([]);
      return answer([
        { Ref: sandboxSender.contactRef, Description: sandboxSender.contactName, Phones: sandboxSender.phone },
      ]);
    },

    // The stand-in keeps no directory of cities and branches: the shop's own comes from the real API.
    async 'Address.getCities'() {
      return answer([], { totalCount: 0 });
    },
    async 'Address.getWarehouses'() {
      return answer([], { totalCount: 0 });
    },
  };

  const print = sandboxPrinter(repository, options.placeName);

  return {
    /** One call of the protocol, answered as Nova Poshta would. */
    async handle(request: unknown): Promise<NovaPoshtaAnswer> {
      const call = (typeof request === 'object' && request !== null ? request : {}) as Properties;
      if (!str(call.apiKey)) return refusal(['20000200069']);
      const method = methods[`${str(call.modelName)}.${str(call.calledMethod)}`];
      if (!method) return refusal([], [`Method ${str(call.calledMethod)} of model ${str(call.modelName)} not found`]);
      const props = call.methodProperties;
      return method(typeof props === 'object' && props !== null && !Array.isArray(props) ? (props as Properties) : {});
    },

    /** A printed form by its path (what follows my.novaposhta.ua), as a PDF. */
    print,

    /** The newest documents with the moves each allows, for the stand-in's page. */
    async documents(limit = 200) {
      return (await repository.latest(limit)).map((d) => ({
        ref: d.ref,
        number: d.number,
        statusCode: d.deleted ? '2' : d.statusCode,
        status: novaPoshtaStatusTexts[d.deleted ? '2' : d.statusCode] ?? d.statusCode,
        recipient: str(d.properties.RecipientName),
        phone: str(d.properties.RecipientsPhone),
        city: str(d.properties.RecipientCityName),
        collected: collectedOf(d.properties) ?? null,
        isReturn: isReturn(d),
        returnNumber: d.returnNumber,
        registerNumber: d.registerNumber,
        createdAt: d.createdAt,
        moves: nextMoves(d),
      }));
    },

    /**
     * What the stand-in page's buttons do: the carrier moves a parcel on. A refusal (103) or the end
     * of storage (105) creates the return waybill, on its way back (5).
     */
    async move(number: string, code: string): Promise<SandboxDocument> {
      return repository.transaction(async (tx) => {
        const document = await repository.lock({ number }, tx);
        if (!document) throw new Error(`The carrier sandbox has no waybill ${number}`);
        if (!nextMoves(document).includes(code)) {
          const from = document.deleted ? 'deleted' : `status ${document.statusCode}`;
          throw new Error(`Waybill ${number} cannot move from ${from} to ${code}`);
        }
        const now = new Date();
        if (code === '7') return repository.change(document.ref, { statusCode: code, arrivedAt: now }, tx);
        if (code === '9') return repository.change(document.ref, { statusCode: code, receivedAt: now }, tx);
        if (code === '103' || code === '105') {
          const props = document.properties;
          const back = await newDocument(
            {
              Return: '1',
              OriginalNumber: document.number,
              OriginalRef: document.ref,
              DateTime: dotted(kyivDay(now)),
              ServiceType: 'WarehouseWarehouse',
              CitySender: str(props.CityRecipient),
              CityRecipient: str(props.CitySender),
              RecipientAddress: str(props.SenderAddress),
              RecipientName: sandboxSender.contactName,
              RecipientsPhone: str(props.SendersPhone),
              Weight: str(props.Weight),
              SeatsAmount: str(props.SeatsAmount),
              Cost: str(props.Cost),
              Description: `Повернення ${document.number}`,
              PayerType: 'Sender',
            },
            '5',
            tx,
          );
          return repository.change(document.ref, { statusCode: code, returnNumber: back.number }, tx);
        }
        return repository.change(document.ref, { statusCode: code }, tx);
      });
    },
  };
}

export type CarrierSandbox = ReturnType<typeof carrierSandbox>;
