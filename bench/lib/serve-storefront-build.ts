// Serves a React Router build through the storefront's Fastify plugin, as the shop serves its own:
// `node lib/serve-storefront-build.ts <buildDir> <port>`. The Lighthouse bench's bare page runs here.
import { registerStorefront } from '@kram/server/plugins/storefront';
import Fastify from 'fastify';

const [buildDir, port] = process.argv.slice(2);
if (!buildDir || !port) throw new Error('usage: serve-storefront-build.ts <buildDir> <port>');
const app = Fastify({ logger: false });
app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not found.' }));
await registerStorefront(app, { buildDir, publicUrl: `http://127.0.0.1:${port}`, mode: 'production' });
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log(`serving ${buildDir} on ${port}`);
