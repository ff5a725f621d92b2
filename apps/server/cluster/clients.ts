/**
 * Clients of the cluster as people's devices are: each from its own address (a loopback
 * address of its own, so the balancer names it in X-Forwarded-For and each has its own
 * rate-limit budget), each answer counted by the instance that gave it, and an error the
 * balancer made itself (no instance answered: a 502 or 503 without `X-Kith-Instance`) told
 * apart from Kith's own.
 */
import { randomInt } from 'node:crypto';
import { createContactsClient, type ContactsClient } from '@kith/client';
import { Agent, fetch as undiciFetch } from 'undici';

/** One answer the balancer gave itself because no instance answered the request. */
export interface BalancerError {
  at: number;
  method: string;
  path: string;
  status: number;
}

/** What a set of clients sent and got, for the figures and the assertions. */
export interface Traffic {
  requests: number;
  /** Answers per instance (`X-Kith-Instance`). */
  byInstance: Record<string, number>;
  /** Time from sending to the whole answer read, in ms, one per answer. */
  latenciesMs: number[];
  balancerErrors: BalancerError[];
  /** Requests that got no answer at all (the connection to the balancer failed or closed). */
  networkErrors: { at: number; method: string; path: string; reason: string }[];
}

export function newTraffic(): Traffic {
  return { requests: 0, byInstance: {}, latenciesMs: [], balancerErrors: [], networkErrors: [] };
}

/**
 * A loopback prefix (`127.a.b.`) of this run's own: the shared Redis keeps each address's
 * sign-in budget for 15 minutes, so a run must not meet an earlier run's counts.
 */
export function loopbackPrefix(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.`;
}

/**
 * A fetch that connects from `address` and records into `traffic`. An answer of 500 or more
 * that no instance gave (the balancer's own) is thrown as a network error, as a client that
 * got no answer from Kith would see it, so the workload counts it as "no answer" (the write
 * may or may not have happened) rather than as Kith's 5xx.
 */
export function fetchFrom(address: string, traffic: Traffic) {
  const agent = new Agent({ localAddress: address, connections: 4 });
  const send = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const started = performance.now();
    traffic.requests += 1;
    const url = new URL(String(input instanceof Request ? input.url : input));
    const method = init?.method ?? 'GET';
    let answer: Awaited<ReturnType<typeof undiciFetch>>;
    let body: ArrayBuffer;
    try {
      answer = await undiciFetch(
        input as string,
        { ...init, dispatcher: agent } as Parameters<typeof undiciFetch>[1],
      );
      body = await answer.arrayBuffer();
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      traffic.networkErrors.push({
        at: Date.now(),
        method,
        path: url.pathname,
        reason: cause?.code ?? cause?.message ?? String(error),
      });
      throw error;
    }
    traffic.latenciesMs.push(performance.now() - started);
    const instance = answer.headers.get('x-kith-instance');
    if (instance) traffic.byInstance[instance] = (traffic.byInstance[instance] ?? 0) + 1;
    else if (answer.status >= 500) {
      traffic.balancerErrors.push({
        at: Date.now(),
        method,
        path: url.pathname,
        status: answer.status,
      });
      throw new TypeError(`the balancer answered ${answer.status}: no instance answered`);
    }
    const headers = new Headers();
    answer.headers.forEach((value, name) => {
      if (name !== 'set-cookie') headers.append(name, value);
    });
    for (const cookie of answer.headers.getSetCookie()) headers.append('set-cookie', cookie);
    const empty = answer.status === 204 || answer.status === 304;
    const response = new Response(empty ? null : body, {
      status: answer.status,
      statusText: answer.statusText,
      headers,
    });
    // The cookie jar files cookies under the answer's address, which a Response made here
    // would not have.
    Object.defineProperty(response, 'url', { value: answer.url });
    return response;
  };
  return { fetch: send as typeof globalThis.fetch, close: () => agent.close() };
}

/** An SDK client (its own cookie jar, no retries of its own) from `address` to `baseUrl`. */
export function clientFrom(
  address: string,
  baseUrl: string,
  traffic: Traffic,
): { client: ContactsClient; fetch: typeof globalThis.fetch; close(): Promise<void> } {
  const { fetch, close } = fetchFrom(address, traffic);
  // No retries: the test measures what the balancer and the instances answer.
  const client = createContactsClient({ baseUrl, fetch, retries: 0 });
  return { client, fetch, close };
}

/** The `p`th percentile (0..100) of `values`, nearest rank; 0 for none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
