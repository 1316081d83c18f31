import type { AnyEndpoint } from '@kram/contract/endpoint';
import { type AdminResource, adminResources } from '@kram/contract/endpoints/admin';
import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import { api, queryOf } from './api.ts';

/**
 * The back-office API's conventions (packages/contract/src/admin.ts):
 * - a resource lives at `/api/admin/<resource>/`, one record at `/api/admin/<resource>/<id>/`;
 * - lists take `page`, `page_size`, `sort`, `order` (asc|desc) and the resource's filter keys (`q` for
 *   free text; arrays as repeated keys) and answer `{count, results}`; `?id=1&id=2` fetches by id;
 * - create is a POST (201), update a PATCH of the changed fields, delete a DELETE (204);
 * - many records changed the same way at once: POST `.../bulk/` `{ids, data}` answers `{ids}`;
 * - anything else is an action: POST `.../<id>/<name>/` or `.../<name>/`.
 * Each resource's calls are the contract's endpoints (`adminResources`); a call a resource does not
 * have is a mistake in the back office, thrown as such.
 */
export interface AdminDataProvider extends DataProvider {
  /** POST `/api/admin/<resource>/<id>/<name>/`, or `/api/admin/<resource>/<name>/` without an id. */
  action<T = unknown>(resource: string, id: Identifier | undefined, name: string, body?: unknown): Promise<T>;
  /** A multipart POST of `file` (field `file`) and `fields` to the resource's upload `name` (`images`). */
  upload<T = unknown>(
    resource: string,
    id: Identifier | undefined,
    name: string,
    file: Blob,
    fields?: Record<string, string | Blob>,
  ): Promise<T>;
}

type Operation = Exclude<keyof AdminResource, 'actions' | 'uploads'>;

/** The endpoint of one of a resource's calls. */
function endpointFor(resource: string, operation: Operation | `${'actions' | 'uploads'}.${string}`): AnyEndpoint {
  const calls = (adminResources as Record<string, AdminResource | undefined>)[resource];
  const [group, name] = operation.split('.') as [keyof AdminResource, string | undefined];
  const found =
    name === undefined ? calls?.[group] : (calls?.[group] as Record<string, AnyEndpoint> | undefined)?.[name];
  if (!found || !('schemas' in found)) throw new Error(`The back office has no call "${operation}" for "${resource}".`);
  return found as AnyEndpoint;
}

/** The loosely typed call of an endpoint chosen by name: react-admin's records are any resource's. */
const callAny = (endpoint: AnyEndpoint, options: Record<string, unknown> = {}) =>
  (api.call as (endpoint: AnyEndpoint, options: Record<string, unknown>) => Promise<unknown>)(endpoint, options);

const idParams = (id: Identifier | undefined) => (id === undefined ? undefined : { id: String(id) });

/** The largest page the server gives (`maxPageSize`); getMany asks for more ids in several calls. */
const maxPageSize = 200;

type FilterValue = string | number | boolean | Date | null | undefined | FilterValue[];

function appendFilter(query: URLSearchParams, key: string, value: FilterValue): void {
  if (value === undefined || value === null || value === '') return;
  if (Array.isArray(value)) for (const item of value) appendFilter(query, key, item);
  else if (value instanceof Date) query.append(key, value.toISOString());
  else query.append(key, String(value));
}

/** The query string of a list: paging, sorting, then each filter (repeated keys for arrays). */
export function listQuery(params: {
  pagination?: { page: number; perPage: number };
  sort?: { field: string; order: 'ASC' | 'DESC' | string };
  filter?: Record<string, unknown>;
}): URLSearchParams {
  const query = new URLSearchParams();
  if (params.pagination) {
    query.set('page', String(params.pagination.page));
    query.set('page_size', String(params.pagination.perPage));
  }
  if (params.sort?.field) {
    query.set('sort', params.sort.field);
    query.set('order', params.sort.order === 'DESC' ? 'desc' : 'asc');
  }
  for (const [key, value] of Object.entries(params.filter ?? {})) appendFilter(query, key, value as FilterValue);
  return query;
}

/**
 * The fields of `data` that differ from `previous`, compared as JSON (nested objects and arrays whole).
 * The id never travels in the body: it is in the path.
 */
export function changedFields(data: Record<string, unknown>, previous: Record<string, unknown> | undefined) {
  const diff: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (key === 'id') continue;
    if (!previous || !(key in previous) || JSON.stringify(value) !== JSON.stringify(previous[key])) diff[key] = value;
  }
  return diff;
}

interface Page<T> {
  count: number;
  results: T[];
}

const list = (resource: string, query: URLSearchParams, signal?: AbortSignal) =>
  callAny(endpointFor(resource, 'list'), { query: queryOf(query), signal }) as Promise<Page<never>>;

export const dataProvider: AdminDataProvider = {
  supportAbortSignal: true,

  async getList(resource, params) {
    const page = await list(resource, listQuery(params), params.signal);
    return { data: page.results, total: page.count };
  },

  async getOne(resource, params) {
    const data = await callAny(endpointFor(resource, 'one'), { params: idParams(params.id), signal: params.signal });
    return { data: data as never };
  },

  async getMany(resource, params) {
    const chunks: Identifier[][] = [];
    for (let i = 0; i < params.ids.length; i += maxPageSize) chunks.push(params.ids.slice(i, i + maxPageSize));
    const pages = await Promise.all(
      chunks.map((ids) => {
        const query = listQuery({ filter: { id: ids } });
        query.set('page_size', String(ids.length));
        return list(resource, query, params.signal);
      }),
    );
    return { data: pages.flatMap((page) => page.results) };
  },

  async getManyReference(resource, params) {
    const query = listQuery({ ...params, filter: { ...params.filter, [params.target]: params.id } });
    const page = await list(resource, query, params.signal);
    return { data: page.results, total: page.count };
  },

  async create(resource, params) {
    return { data: (await callAny(endpointFor(resource, 'create'), { body: params.data })) as never };
  },

  async update(resource, params) {
    const diff = changedFields(params.data as Record<string, unknown>, params.previousData);
    // Nothing changed: no call, and the record stays as it was.
    if (Object.keys(diff).length === 0) return { data: { ...params.previousData, ...params.data, id: params.id } };
    const data = await callAny(endpointFor(resource, 'update'), { params: idParams(params.id), body: diff });
    return { data: data as never };
  },

  async updateMany(resource, params) {
    const answer = (await callAny(endpointFor(resource, 'bulk'), { body: { ids: params.ids, data: params.data } })) as {
      ids: Identifier[];
    };
    return { data: answer.ids };
  },

  async delete<RecordType extends RaRecord = RaRecord>(
    resource: string,
    params: { id: Identifier; previousData?: RecordType },
  ) {
    await callAny(endpointFor(resource, 'delete'), { params: idParams(params.id) });
    return { data: params.previousData ?? ({ id: params.id } as RecordType) };
  },

  async deleteMany(resource, params) {
    const remove = endpointFor(resource, 'delete');
    await Promise.all(params.ids.map((id) => callAny(remove, { params: idParams(id) })));
    return { data: params.ids };
  },

  action<T>(resource: string, id: Identifier | undefined, name: string, body?: unknown) {
    return callAny(endpointFor(resource, `actions.${name}`), { params: idParams(id), body: body ?? {} }) as Promise<T>;
  },

  upload<T>(
    resource: string,
    id: Identifier | undefined,
    name: string,
    file: Blob,
    fields: Record<string, string | Blob> = {},
  ) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('file', file);
    return callAny(endpointFor(resource, `uploads.${name}`), { params: idParams(id), body: form }) as Promise<T>;
  },
};
