import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { languages } from '@kram/contract/languages';
import type { FastifyInstance, FastifyReply } from 'fastify';

export interface AdminAppOptions {
  /** The back office's build folder (apps/admin/dist): index.html and assets/. */
  adminDir?: string;
}

export const defaultAdminDir = fileURLToPath(new URL('../../../admin/dist/', import.meta.url));

/**
 * The back office is a single-page app with no inline script (its index.html only loads its bundle);
 * MUI writes its styles into <style> elements, hence 'unsafe-inline' for styles only. It is never
 * framed, and no other origin is reached.
 */
export const adminContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const notBuilt = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>kram</title></head>
<body><p>The back office is not built. Run <code>npm run build</code> (or <code>npm start</code>, which builds it) and restart the server.</p></body></html>
`;

function pageHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', adminContentSecurityPolicy)
    .header('x-robots-tag', 'noindex');
}

/**
 * Serves the back office's build: its hashed files at /admin/assets/ (cached for a year, sent
 * precompressed), and its one page at /uk/admin/… and /ru/admin/… for every address under them, so
 * that the app's own router shows the screen. The page is read on each request (it is small and
 * never cached), so a rebuild is served without a restart. Without a build the pages answer 503 and
 * the API goes on.
 */
export async function registerAdminApp(app: FastifyInstance, options: AdminAppOptions = {}): Promise<void> {
  const dir = path.resolve(options.adminDir ?? defaultAdminDir);
  const indexFile = path.join(dir, 'index.html');
  if (fs.existsSync(path.join(dir, 'assets'))) {
    await app.register(fastifyStatic, {
      root: path.join(dir, 'assets'),
      prefix: '/admin/assets/',
      decorateReply: false,
      preCompressed: true,
      immutable: true,
      maxAge: '365d',
      index: false,
    });
  }
  if (!fs.existsSync(indexFile)) {
    app.log.warn(
      `The back office is not built (${indexFile} is missing): its pages answer 503. Run \`npm run build\`.`,
    );
  }

  const page = async (_request: unknown, reply: FastifyReply) => {
    let html: Buffer;
    try {
      html = await fs.promises.readFile(indexFile);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      return pageHeaders(reply.code(503)).send(notBuilt);
    }
    return pageHeaders(reply).send(html);
  };

  for (const language of languages) {
    const base = `/${language}/admin`;
    // The app's router and its relative links work from the folder: /uk/admin is sent to /uk/admin/.
    app.route({
      method: ['GET', 'HEAD'],
      url: base,
      schema: { hide: true },
      handler: (request, reply) => {
        const query = request.url.indexOf('?');
        return reply.redirect(`${base}/${query === -1 ? '' : request.url.slice(query)}`, 301);
      },
    });
    app.route({ method: ['GET', 'HEAD'], url: `${base}/`, schema: { hide: true }, handler: page });
    app.route({ method: ['GET', 'HEAD'], url: `${base}/*`, schema: { hide: true }, handler: page });
  }
}
