import type { FastifyInstance, InjectOptions } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TestResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Record<string, unknown> & { success?: boolean; message?: string; data?: unknown };
  setCookies: ParsedCookie[];
}

export interface ParsedCookie {
  name: string;
  value: string;
  attributes: string[];
}

/** The `json` of a tRPC answer (superjson's wire shape), typed as the test expects it. */
export function trpcData<T>(res: TestResponse): T {
  return (res.body as { result: { data: { json: T } } }).result.data.json;
}

/** The field messages (`data.zodError`) of a refused tRPC call. */
export function trpcFieldErrors(res: TestResponse): Record<string, string[]> {
  return (res.body as { error: { json: { data: { zodError: Record<string, string[]> } } } }).error
    .json.data.zodError;
}

/**
 * A browser-like client for `app.inject`: it keeps the cookies the server sets and sends them
 * back, so tests walk the flows a person walks.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  /** `remoteAddress`: the client IP the server sees (light-my-request's default is 127.0.0.1). */
  constructor(
    private readonly app: FastifyInstance,
    private readonly remoteAddress?: string,
  ) {}

  /** Calls a REST path under /api/v1. */
  rest(method: Method, path: string, payload?: unknown): Promise<TestResponse> {
    return this.send({
      method,
      url: `/api/v1${path}`,
      payload: payload as InjectOptions['payload'],
    });
  }

  /** Calls a tRPC mutation with superjson's wire shape. */
  mutation(path: string, input?: unknown): Promise<TestResponse> {
    return this.send({
      method: 'POST',
      url: `/api/trpc/${path}`,
      payload: input === undefined ? {} : { json: input },
    });
  }

  /** Calls a tRPC query (GET). */
  query(path: string, input?: unknown): Promise<TestResponse> {
    const search =
      input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
    return this.send({ method: 'GET', url: `/api/trpc/${path}${search}` });
  }

  async send(options: InjectOptions): Promise<TestResponse> {
    const headers = { ...(options.headers ?? {}) } as Record<string, string>;
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    const res = await this.app.inject({
      remoteAddress: this.remoteAddress,
      ...options,
      headers,
    });
    const setCookies = parseSetCookies(res.headers['set-cookie']);
    for (const cookie of setCookies) {
      const expired = cookie.attributes.some(
        (a) => /^max-age=0$/i.test(a) || /^expires=thu, 01 jan 1970/i.test(a),
      );
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    let body: TestResponse['body'] = {};
    try {
      body = res.json();
    } catch {
      body = { raw: res.body };
    }
    return { status: res.statusCode, headers: res.headers, body, setCookies };
  }
}

function parseSetCookies(header: string | string[] | undefined): ParsedCookie[] {
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return lines.map((line) => {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attributes };
  });
}

/** The 6-digit code in the newest message's subject. */
export function codeFrom(message: { subject: string } | undefined): string {
  const code = /\b(\d{6})\b/.exec(message?.subject ?? '')?.[1];
  if (!code) throw new Error(`no code in ${JSON.stringify(message?.subject)}`);
  return code;
}
