import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assertRoutesDocumented, createOpenApiDocument } from './openapi-document';
import type { RestRoute } from './rest/adapter';

/** A signed-in POST route named `operationId`, with whatever `doc` adds. */
function route(operationId: string, doc: Partial<RestRoute['doc']> = {}, path = '/things') {
  return {
    method: 'POST',
    path,
    doc: {
      operationId,
      summary: 's',
      tag: 'Labels',
      signedIn: true,
      data: z.null(),
      errors: [],
      ...doc,
    },
    handle: async () => ({ data: null }),
  } satisfies RestRoute;
}

describe('assertRoutesDocumented', () => {
  it('takes camelCase, unique operationIds and a body with its example', () => {
    expect(() =>
      assertRoutesDocumented([
        route('listThings'),
        route('makeThing', { body: z.object({ a: z.string() }), example: { body: { a: 'x' } } }),
      ]),
    ).not.toThrow();
  });

  it('refuses an operationId that is not camelCase', () => {
    expect(() => assertRoutesDocumented([route('list-things')])).toThrow(/not camelCase/);
    expect(() => assertRoutesDocumented([route('ListThings')])).toThrow(/not camelCase/);
  });

  it('refuses one operationId on two routes, naming both', () => {
    expect(() =>
      assertRoutesDocumented([route('listThings'), route('listThings', {}, '/others')]),
    ).toThrow('POST /others: operationId "listThings" is also POST /things\'s');
  });

  it('refuses a body or a form without an example', () => {
    expect(() =>
      assertRoutesDocumented([route('makeThing', { body: z.object({ a: z.string() }) })]),
    ).toThrow(/needs doc.example.body/);
    expect(() =>
      assertRoutesDocumented([route('sendFile', { form: z.object({ file: z.string() }) })]),
    ).toThrow(/needs doc.example.body/);
  });
});

describe('createOpenApiDocument', () => {
  it('writes the operationId, the header parameters and both examples into the operation', () => {
    const document = createOpenApiDocument([
      route('makeThing', {
        body: z.object({ a: z.string() }),
        headers: z.object({ 'Idempotency-Key': z.string().optional() }),
        example: { body: { a: 'x' }, data: null, message: 'Made' },
      }),
    ]);
    const operation = document.paths?.['/things']?.post;
    expect(operation?.operationId).toBe('makeThing');
    expect(operation?.parameters).toEqual([
      expect.objectContaining({ in: 'header', name: 'Idempotency-Key' }),
    ]);
    const body = operation?.requestBody as { content: Record<string, { example: unknown }> };
    expect(body.content['application/json']?.example).toEqual({ a: 'x' });
    const success = operation?.responses?.['200'] as {
      content: Record<string, { example: unknown }>;
    };
    expect(success.content['application/json']?.example).toEqual({
      success: true,
      message: 'Made',
      data: null,
    });
  });
});

describe('the legacy contact in the document', () => {
  it('states the all-or-none rules of its location and worksAt groups', async () => {
    const { restRoutes } = await import('./rest-routes');
    const document = JSON.stringify(createOpenApiDocument(restRoutes));
    expect(document).toContain('All four fields, or none');
    expect(document).toContain('Both fields, or neither');
  });
});
