import { isVitalValue, type PageType, type VitalMetric, vitalMetrics } from '@kram/contract/vitals-rules';
import { type MetricType, onCLS, onINP, onLCP } from 'web-vitals';

export const vitalsEndpoint = '/api/vitals/';

export interface Transport {
  /** navigator.sendBeacon, where the browser has it. */
  sendBeacon?: (url: string, data: string) => boolean;
  fetch: (url: string, init: RequestInit) => Promise<unknown>;
}

const browserTransport = (): Transport => ({
  sendBeacon:
    typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function'
      ? (url, data) => navigator.sendBeacon(url, data)
      : undefined,
  fetch: (url, init) => fetch(url, init),
});

/**
 * Sends one report so that it arrives even as the page goes away: a beacon (a string goes as
 * text/plain, which the server reads as JSON), or, where there is none or the browser would not
 * queue it, a keepalive fetch. Nothing is retried, and a failure is nobody's business but the
 * shop's statistics.
 */
export function sendReport(body: string, transport: Transport = browserTransport()): void {
  let queued = false;
  try {
    queued = transport.sendBeacon?.(vitalsEndpoint, body) ?? false;
  } catch {
    queued = false;
  }
  if (queued) return;
  transport
    .fetch(vitalsEndpoint, {
      method: 'POST',
      body,
      keepalive: true,
      headers: { 'content-type': 'application/json' },
    })
    .catch(() => {});
}

const isMeasured = (name: string): name is VitalMetric => (vitalMetrics as readonly string[]).includes(name);

/**
 * The callback for the web-vitals library: each metric of the page is sent once, with its value
 * when the library first calls it final (the page hidden, or for LCP the first input). A page
 * shown and hidden again is called again for the same metric; the value then is not sent, since
 * the shop keeps counts and cannot take one back.
 */
export function vitalsReporter(pageType: PageType, send: (body: string) => void = sendReport) {
  const sent = new Set<string>();
  return (metric: Pick<MetricType, 'name' | 'value' | 'id'>): void => {
    if (!isMeasured(metric.name) || sent.has(metric.id)) return;
    sent.add(metric.id);
    // A value outside the shop's bounds is a broken clock; the server would refuse it.
    if (!isVitalValue(metric.name, metric.value)) return;
    const value = metric.name === 'CLS' ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value);
    send(JSON.stringify({ metric: metric.name, value, page_type: pageType }));
  };
}

/** Measures the page's LCP, INP and CLS, and reports each under `pageType`. */
export function reportVitals(pageType: PageType): void {
  const report = vitalsReporter(pageType);
  onLCP(report);
  onINP(report);
  onCLS(report);
  // A mark for browser tests, like data-hydrated: from here on, an interaction counts towards INP.
  document.documentElement.dataset.vitals = 'observing';
}
