import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import { apiJson } from './api.ts';

/**
 * The back-office API's conventions (packages/contract/src/admin.ts):
 * - a resource lives at `/api/admin/<resource>/`, one record at `/api/admin/<resource>/<id>/`;
 * - lists take `page`, `page_size`, `sort`, `order` (asc|desc) and the resource's filter keys (`q` for
 *   free text; arrays as repeated keys) and answer `{count, results}`; `?id=1&id=2` fetches by id;
 * - create is a POST (201), update a PATCH of the changed fields, delete a DELETE (204);
 * - many records changed the same way at once: POST `.../bulk/` `{ids, data}` answers `{ids}`;
 * - anything else is an action: POST `.../<id>/<name>/` or `.../<name>/`.
 */
export interface AdminDataProvider extends DataProvider {
  /** POST `/api/admin/<resource>/<id>/<name>/`, or `/api/admin/<resource>/<name>/` without an id. */
  action<T = unknown>(resource: string, id: Identifier | undefined, name: string, body?: unknown): Promise<T>;
  /**
   * A multipart POST of `file` (field `file`) and `fields` to `/api/admin/<resource>/`, or to
   * `/api/admin/<resource>/<path>/` when a path is given (`<id>/images`).
   */
  upload<T = unknown>(resource: string, file: Blob, fields?: Record<string, string | Blob>, path?: string): Promise<T>;
}

/** The largest page the server gives (`maxPageSize`); getMany asks for more ids in several calls. */
const maxPageSize = 200;

export const resourceUrl = (resource: string, ...rest: (Identifier | string)[]): string =>
  `/api/admin/${[resource, ...rest.map((part) => encodeURIComponent(String(part)))].join('/')}/`;

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

const withQuery = (url: string, query: URLSearchParams) => (query.size ? `${url}?${query}` : url);

export const dataProvider: AdminDataProvider = {
  supportAbortSignal: true,

  async getList(resource, params) {
    const page = await apiJson<Page<never>>(withQuery(resourceUrl(resource), listQuery(params)), {
      signal: params.signal,
    });
    return { data: page.results, total: page.count };
  },

  async getOne(resource, params) {
    return { data: await apiJson(resourceUrl(resource, params.id), { signal: params.signal }) };
  },

  async getMany(resource, params) {
    const chunks: Identifier[][] = [];
    for (let i = 0; i < params.ids.length; i += maxPageSize) chunks.push(params.ids.slice(i, i + maxPageSize));
    const pages = await Promise.all(
      chunks.map((ids) => {
        const query = listQuery({ filter: { id: ids } });
        query.set('page_size', String(ids.length));
        return apiJson<Page<never>>(withQuery(resourceUrl(resource), query), { signal: params.signal });
      }),
    );
    return { data: pages.flatMap((page) => page.results) };
  },

  async getManyReference(resource, params) {
    const query = listQuery({ ...params, filter: { ...params.filter, [params.target]: params.id } });
    const page = await apiJson<Page<never>>(withQuery(resourceUrl(resource), query), { signal: params.signal });
    return { data: page.results, total: page.count };
  },

  async create(resource, params) {
    return { data: await apiJson(resourceUrl(resource), { method: 'POST', body: params.data }) };
  },

  async update(resource, params) {
    const diff = changedFields(params.data as Record<string, unknown>, params.previousData);
    // Nothing changed: no call, and the record stays as it was.
    if (Object.keys(diff).length === 0) return { data: { ...params.previousData, ...params.data, id: params.id } };
    return { data: await apiJson(resourceUrl(resource, params.id), { method: 'PATCH', body: diff }) };
  },

  async updateMany(resource, params) {
    const answer = await apiJson<{ ids: Identifier[] }>(resourceUrl(resource, 'bulk'), {
      method: 'POST',
      body: { ids: params.ids, data: params.data },
    });
    return { data: answer.ids };
  },

  async delete<RecordType extends RaRecord = RaRecord>(
    resource: string,
    params: { id: Identifier; previousData?: RecordType },
  ) {
    await apiJson(resourceUrl(resource, params.id), { method: 'DELETE' });
    return { data: params.previousData ?? ({ id: params.id } as RecordType) };
  },

  async deleteMany(resource, params) {
    await Promise.all(params.ids.map((id) => apiJson(resourceUrl(resource, id), { method: 'DELETE' })));
    return { data: params.ids };
  },

  action(resource, id, name, body) {
    const url = id === undefined ? resourceUrl(resource, name) : resourceUrl(resource, id, name);
    return apiJson(url, { method: 'POST', body: body ?? {} });
  },

  upload(resource, file, fields = {}, path) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('file', file);
    const url = path ? `${resourceUrl(resource)}${path.replace(/^\/+|\/+$/g, '')}/` : resourceUrl(resource);
    return apiJson(url, { method: 'POST', body: form });
  },
};
