import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * No page of the shop uses these browser features: a script that got in still cannot reach them, and
 * no frame is granted them.
 */
export const permissionsPolicy = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * The security headers of every answer, JSON, files, media and pages alike (Helmet): nosniff, frame
 * and opener isolation, a Permissions-Policy, and HSTS when the shop's public address is https.
 * Pages (the storefront, the sandbox payment page) set their own Content-Security-Policy with the
 * nonce of each answer; everything else gets one that allows nothing, which is all a JSON answer
 * or a file needs if a browser is ever tricked into showing it as a document.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { publicUrl: string }): Promise<void> {
  const https = new URL(options.publicUrl).protocol === 'https:';
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
    },
    // Behind plain http (a shop on a laptop, or TLS ended by a proxy that did not say so) HSTS would
    // pin browsers to an https that may not exist; PUBLIC_URL tells what shoppers use.
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'sameorigin' },
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', permissionsPolicy);
    // Product photos are meant to be shown elsewhere too: in mail, link previews, price comparisons.
    if (request.url.startsWith('/media/')) reply.header('cross-origin-resource-policy', 'cross-origin');
  });
}
