import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { createOpenApiDocument, restRoutes } from '@kith/api';
import type { FastifyInstance } from 'fastify';

/** Where the API's documentation page is served. */
export const API_DOCS_PATH = '/api/docs';

/**
 * The self-hosted API documentation page at `/api/docs` (Swagger UI, served from this
 * server: no third-party request), showing the same OpenAPI document as
 * `/api/v1/openapi.json`.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    mode: 'static',
    // zod-openapi's and @fastify/swagger's OpenAPI 3.1 typings differ in detail; the JSON is the same.
    specification: { document: createOpenApiDocument(restRoutes) as never },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PATH,
    // BaseLayout: no explorer bar, only this API's document.
    uiConfig: {
      layout: 'BaseLayout',
      docExpansion: 'list',
      deepLinking: true,
      tryItOutEnabled: true,
    },
    theme: { title: 'Kith API' },
  });
}
