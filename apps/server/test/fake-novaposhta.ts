import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeNovaPoshta {
  /** For NOVA_POSHTA_API_URL. */
  url: string;
  apiKey: string;
  cities: Record<string, unknown>[];
  warehouses: Record<string, unknown>[];
  /** Every call as received. */
  calls: { apiKey: string; modelName: string; calledMethod: string; methodProperties: Record<string, string> }[];
  /** Calls to this method at or after this page answer HTTP 500. */
  failFrom: { method: string; page: number } | undefined;
  /** While set, every answer waits for it (a slow or hanging carrier). */
  hold: Promise<void> | undefined;
  close(): Promise<void>;
}

/** A local server speaking Nova Poshta API 2.0's JSON protocol for Address/getCities and getWarehouses. */
export async function startFakeNovaPoshta(
  data: { cities: Record<string, unknown>[]; warehouses: Record<string, unknown>[] },
  apiKey = 'test-np-key',
): Promise<FakeNovaPoshta> {
  const fake: Omit<FakeNovaPoshta, 'url' | 'close'> = {
    apiKey,
    ...data,
    calls: [],
    failFrom: undefined,
    hold: undefined,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      if (fake.hold) await fake.hold;
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const call = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      fake.calls.push(call);
      const page = Number(call.methodProperties?.Page ?? 1);
      const limit = Number(call.methodProperties?.Limit ?? 1000);
      if (fake.failFrom && call.calledMethod === fake.failFrom.method && page >= fake.failFrom.page) {
        return send(500, { error: 'internal' });
      }
      if (call.apiKey !== fake.apiKey) {
        return send(200, { success: false, data: [], errors: ['API key expired'], warnings: [], info: [] });
      }
      const all =
        call.modelName === 'Address' && call.calledMethod === 'getCities'
          ? fake.cities
          : call.modelName === 'Address' && call.calledMethod === 'getWarehouses'
            ? fake.warehouses
            : undefined;
      if (!all) return send(200, { success: false, data: [], errors: ['Method not found'], warnings: [], info: [] });
      send(200, {
        success: true,
        data: all.slice((page - 1) * limit, page * limit),
        errors: [],
        warnings: [],
        info: { totalCount: all.length },
        messageCodes: [],
        errorCodes: [],
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/v2.0/json/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as FakeNovaPoshta;
}
