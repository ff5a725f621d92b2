import type { FastifyInstance } from 'fastify';

/**
 * Where the server is in its life, as the process knows it: `leaving` from SIGTERM until the
 * app closes (the shutdown delay), while `/api/health` answers 503 so a balancer takes the
 * server out of rotation, and every answer says `Connection: close`, so no connection is left
 * that the balancer could send a request on as the server closes it.
 */
export interface Lifecycle {
  leaving: boolean;
}

/** How often, while the app closes, connections that have gone idle are closed, in ms. */
const IDLE_SWEEP_MS = 100;

/**
 * Lets `app.close()` finish as soon as the requests in flight are answered. Fastify stops
 * listening, answers a request that arrives on an open connection with 503, and closes the
 * connections idle at that moment; but a kept-alive connection whose request was in flight
 * stays open after its answer (a browser keeps it for minutes), and the close waited for it
 * until the 72 s keep-alive timeout. So once closing: every answer says `Connection: close`
 * (the client opens a new connection next time, which is refused: RFC 9112 §9.6), and
 * connections that go idle anyway (an answer already under way) are closed as they do.
 * While `lifecycle.leaving`, answers say `Connection: close` already.
 * See docs/deployment.md, "How the process works".
 */
export function closeConnectionsOnClose(app: FastifyInstance, lifecycle?: Lifecycle): void {
  let closing = false;
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    closing = true;
    sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    sweep.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(sweep);
    done();
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing || lifecycle?.leaving) reply.header('Connection', 'close');
  });
}
