import type { AppRouter } from '@kith/api';
import { transformer } from '@kith/validators/transformer';
import { http, HttpResponse } from 'msw';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;
type ProcedurePath = {
  [R in keyof Outputs]: {
    [P in keyof Outputs[R] & string]: `${R & string}.${P}`;
  }[keyof Outputs[R] & string];
}[keyof Outputs];

/** The calls a test's handlers received: procedure path and its input. */
export const receivedCalls: { path: string; input: unknown }[] = [];

/**
 * An MSW handler answering one tRPC procedure over httpBatchLink, in the superjson shape the
 * real server sends. `resolve` gets the call's input and returns the data, or throws
 * `trpcError(...)` to answer an error.
 */
export function trpcHandler(path: ProcedurePath, resolve: (input: unknown) => unknown) {
  const matcher = new RegExp(`/api/trpc/([^?]*\\b${path.replace('.', '\\.')}\\b[^?]*)`);
  const answer = async (request: Request) => {
    const url = new URL(request.url);
    const paths = decodeURIComponent(matcher.exec(url.pathname)?.[1] ?? path).split(',');
    const inputs = await readInputs(request, url);
    const results = paths.map((p, i) => {
      if (p !== path) return { error: errorShape('NOT_FOUND', `no test handler for ${p}`, 404) };
      const input = inputs[i];
      receivedCalls.push({ path: p, input });
      try {
        return { result: { data: transformer.serialize(resolve(input)) } };
      } catch (error) {
        if (error instanceof TrpcTestError)
          return { error: errorShape(error.code, error.message, error.status, error.fieldErrors) };
        throw error;
      }
    });
    const failed = results.find((r): r is { error: ReturnType<typeof errorShape> } => 'error' in r);
    const status = failed ? failed.error.json.data.httpStatus : 200;
    return HttpResponse.json(url.searchParams.get('batch') ? results : results[0], { status });
  };
  return [
    http.get(matcher, ({ request }) => answer(request)),
    http.post(matcher, ({ request }) => answer(request)),
  ];
}

export class TrpcTestError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly fieldErrors: Record<string, string[]> | null = null,
  ) {
    super(message);
  }
}

/** Throw from a resolver to answer a tRPC error. */
export function trpcError(
  code: string,
  message: string,
  status: number,
  fieldErrors?: Record<string, string[]>,
) {
  return new TrpcTestError(code, message, status, fieldErrors ?? null);
}

function errorShape(
  code: string,
  message: string,
  httpStatus: number,
  zodError: Record<string, string[]> | null = null,
) {
  return { json: { message, code: -32000, data: { code, httpStatus, zodError } } };
}

async function readInputs(request: Request, url: URL): Promise<unknown[]> {
  const raw = request.method === 'GET' ? url.searchParams.get('input') : await request.text();
  if (!raw) return [];
  const parsed = JSON.parse(raw) as Record<string, unknown>;
  const batch = url.searchParams.get('batch');
  const entries = batch ? Object.values(parsed) : [parsed];
  return entries.map((entry) =>
    entry && typeof entry === 'object' && 'json' in entry
      ? transformer.deserialize(entry as never)
      : undefined,
  );
}
