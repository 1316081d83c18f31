import { setTimeout as sleep } from 'node:timers/promises';

/** One city of Nova Poshta's Address/getCities, with the fields kram keeps. */
export interface NovaPoshtaCity {
  Ref: string;
  Description: string;
  DescriptionRu?: string;
  AreaDescription?: string;
  AreaDescriptionRu?: string;
}

/** One branch or parcel locker of Address/getWarehouses. */
export interface NovaPoshtaWarehouse {
  Ref: string;
  CityRef: string;
  Description: string;
  DescriptionRu?: string;
  Number?: string;
  CategoryOfWarehouse?: string;
  WarehouseStatus?: string;
}

interface Answer<T> {
  success: boolean;
  data: T[];
  errors?: string[];
  info?: { totalCount?: number };
}

export class NovaPoshtaError extends Error {
  override name = 'NovaPoshtaError';
}

export interface NovaPoshtaClientOptions {
  apiKey: string;
  /** https://api.novaposhta.ua/v2.0/json/, or a local server in tests. */
  apiUrl: string;
  timeoutMs?: number;
  /** Attempts per page before the sync gives up (a failed sync keeps what it wrote). */
  attempts?: number;
  retryDelayMs?: number;
  /** Records per page (Limit). */
  pageSize?: number;
  /** Ends the sync between pages and cuts a request short (the server is stopping). */
  signal?: AbortSignal;
}

export interface Page<T> {
  data: T[];
  page: number;
  /** The whole directory's size when the API tells it, else what has been read so far. */
  total: number;
}

/** Nova Poshta's JSON protocol: `{apiKey, modelName, calledMethod, methodProperties}` to one URL. */
export function novaPoshtaClient(options: NovaPoshtaClientOptions) {
  const attempts = options.attempts ?? 3;
  const retryDelayMs = options.retryDelayMs ?? 1000;

  async function call<T>(calledMethod: string, methodProperties: Record<string, string>): Promise<Answer<T>> {
    let lastError: unknown;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      options.signal?.throwIfAborted();
      try {
        const res = await fetch(options.apiUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ apiKey: options.apiKey, modelName: 'Address', calledMethod, methodProperties }),
          signal: AbortSignal.any([
            AbortSignal.timeout(options.timeoutMs ?? 30_000),
            ...(options.signal ? [options.signal] : []),
          ]),
        });
        if (!res.ok) throw new NovaPoshtaError(`Nova Poshta answered HTTP ${res.status} to ${calledMethod}`);
        const answer = (await res.json()) as Answer<T>;
        if (!answer.success || !Array.isArray(answer.data)) {
          // Refusals (a wrong key) will not change on a retry.
          throw Object.assign(
            new NovaPoshtaError(
              `Nova Poshta refused ${calledMethod}: ${(answer.errors ?? []).join('; ') || 'no reason'}`,
            ),
            { final: true },
          );
        }
        return answer;
      } catch (error) {
        lastError = error;
        if ((error as { final?: boolean }).final || options.signal?.aborted || attempt === attempts) break;
        await sleep(retryDelayMs * attempt, undefined, { signal: options.signal });
      }
    }
    throw lastError;
  }

  /** Every page of a paged method, one at a time. */
  async function* pages<T>(calledMethod: string, limit: number): AsyncGenerator<Page<T>> {
    let read = 0;
    for (let page = 1; ; page++) {
      const answer = await call<T>(calledMethod, { Page: String(page), Limit: String(limit) });
      read += answer.data.length;
      const announced = answer.info?.totalCount;
      if (answer.data.length > 0) yield { data: answer.data, page, total: Math.max(announced ?? 0, read) };
      if (answer.data.length < limit || (announced !== undefined && read >= announced)) return;
    }
  }

  return {
    cities: () => pages<NovaPoshtaCity>('getCities', options.pageSize ?? 500),
    warehouses: () => pages<NovaPoshtaWarehouse>('getWarehouses', options.pageSize ?? 500),
  };
}

export type NovaPoshtaClient = ReturnType<typeof novaPoshtaClient>;
