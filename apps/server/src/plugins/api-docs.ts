/**
 * The REST door's description: `GET /api/v1/openapi.json` (the OpenAPI 3.1 document, the
 * one GET of /api/v1) and `/api/docs`, Swagger UI reading it, served from this origin
 * (swagger-ui-dist's files; no other site is reached, as the content security policy
 * allows only this one).
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { openApiDocument } from '../openapi';

export const OPENAPI_URL = '/api/v1/openapi.json';
export const DOCS_URL = '/api/docs';

const ASSETS = new Set(['/swagger-ui-bundle.js', '/swagger-ui.css', '/favicon-32x32.png']);

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Consignment POS: REST API</title>
    <link rel="stylesheet" href="${DOCS_URL}/swagger-ui.css" />
    <link rel="icon" type="image/png" href="${DOCS_URL}/favicon-32x32.png" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${DOCS_URL}/swagger-ui-bundle.js"></script>
    <script src="${DOCS_URL}/start.js"></script>
  </body>
</html>
`;

// Swagger UI's own settings: our document, no call to an outside validator.
const START = `window.ui = SwaggerUIBundle({
  url: '${OPENAPI_URL}',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

export async function registerApiDocs(app: FastifyInstance) {
  app.get(OPENAPI_URL, (_req, reply) => reply.send(openApiDocument()));

  app.get(DOCS_URL, (_req, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
  app.get(`${DOCS_URL}/start.js`, (_req, reply) => reply.type('text/javascript; charset=utf-8').send(START));
  await app.register(fastifyStatic, {
    root: dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json')),
    prefix: `${DOCS_URL}/`,
    decorateReply: false,
    index: false,
    allowedPath: (pathName) => ASSETS.has(pathName),
  });
}
