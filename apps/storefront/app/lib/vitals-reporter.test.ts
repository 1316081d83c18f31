import { describe, expect, it, vi } from 'vitest';
import { sendReport, type Transport, vitalsEndpoint, vitalsReporter } from './vitals-reporter';

const body = '{"metric":"LCP","value":1200,"page_type":"home"}';

describe('sending a report', () => {
  it('queues a beacon with the report as a string (sent as text/plain)', () => {
    const transport = { sendBeacon: vi.fn(() => true), fetch: vi.fn(async () => ({})) };
    sendReport(body, transport);
    expect(transport.sendBeacon).toHaveBeenCalledWith(vitalsEndpoint, body);
    expect(transport.fetch).not.toHaveBeenCalled();
  });

  it.each<[string, Transport['sendBeacon']]>([
    ['without sendBeacon', undefined],
    ['when the browser will not queue the beacon', () => false],
    [
      'when sendBeacon throws',
      () => {
        throw new TypeError('Illegal invocation');
      },
    ],
  ])('falls back to a keepalive fetch %s', async (_case, sendBeacon) => {
    const fetch = vi.fn(async () => ({}));
    sendReport(body, { sendBeacon, fetch });
    expect(fetch).toHaveBeenCalledWith(vitalsEndpoint, {
      method: 'POST',
      body,
      keepalive: true,
      headers: { 'content-type': 'application/json' },
    });
  });

  it('keeps a failed fetch to itself', async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    sendReport(body, { fetch });
    await Promise.resolve();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('uses the browser’s own beacon, called on navigator', () => {
    const beacon = vi.fn(function (this: unknown) {
      return this === navigator;
    });
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { sendBeacon: beacon }));
    const fetch = vi.spyOn(globalThis, 'fetch');
    sendReport(body);
    expect(beacon).toHaveBeenCalledWith(vitalsEndpoint, body);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('the web-vitals callback', () => {
  it('sends the metric, its value and the kind of page, and nothing else', () => {
    const sent: string[] = [];
    const report = vitalsReporter('product', (b) => sent.push(b));
    report({ name: 'LCP', value: 1834.6, id: 'v5-1' });
    report({ name: 'CLS', value: 0.0412345, id: 'v5-2' });
    report({ name: 'INP', value: 88, id: 'v5-3' });
    expect(sent.map((b) => JSON.parse(b))).toEqual([
      { metric: 'LCP', value: 1835, page_type: 'product' },
      { metric: 'CLS', value: 0.0412, page_type: 'product' },
      { metric: 'INP', value: 88, page_type: 'product' },
    ]);
  });

  it('sends each metric once, though a page hidden twice reports it again', () => {
    const send = vi.fn();
    const report = vitalsReporter('home', send);
    report({ name: 'CLS', value: 0.01, id: 'v5-1' });
    report({ name: 'CLS', value: 0.3, id: 'v5-1' });
    // Restored from the back-forward cache: a new measurement of its own.
    report({ name: 'CLS', value: 0, id: 'v5-9' });
    expect(send.mock.calls.map(([b]) => JSON.parse(b).value)).toEqual([0.01, 0]);
  });

  it('sends no value the shop would refuse, and no other metric', () => {
    const send = vi.fn();
    const report = vitalsReporter('search', send);
    report({ name: 'LCP', value: 130_000, id: 'a' });
    report({ name: 'INP', value: -1, id: 'b' });
    report({ name: 'CLS', value: Number.NaN, id: 'c' });
    report({ name: 'TTFB', value: 120, id: 'd' });
    expect(send).not.toHaveBeenCalled();
  });
});
