/**
 * The yardstick: a bare Fastify JSON route on the same Node, machine and run as the API, so that the
 * benchmark can say what fraction of the runtime's ceiling each endpoint reaches.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true, school: 'Dhanmondi', students: 1250, present: 1187 }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
