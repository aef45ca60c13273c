/**
 * The OpenAPI 3.1 description of the REST door, generated from the router: each
 * procedure's path and who may call it (its meta), its request body and answer (zod's
 * own JSON Schema output of its contract schemas: io 'input' for the body, 'output' for
 * the answer), the identity a call carries, and the failure body with its statuses.
 * docs/API.md says the same in words.
 */
import { z, type ZodType } from 'zod';
import { HTTP_STATUS, type Access, type Meta } from '@pos/api';
import { expandRole, includes, ROLES, type Role } from '@pos/domain';
import { restProcedures } from './rest-door';

type JsonSchema = Record<string, unknown>;

/** The roles that may make a call whose base procedure requires `required` (or one of them), the narrowest first. */
export function rolesIncluding(required: Role | readonly Role[]): Role[] {
  const any: readonly Role[] = typeof required === 'string' ? [required] : required;
  return ROLES.filter((role) => any.some((r) => includes(role, r))).sort((a, b) => expandRole(a).size - expandRole(b).size);
}

/** Who may call, in words: the same text heads the path's row in docs/API.md. */
export function describeAccess(access: Access | undefined): string {
  switch (access) {
    case 'public':
      return 'anyone';
    case 'signed-in':
      return 'any signed-in user';
    case 'member':
      return 'any role';
    case undefined:
      throw new Error('A procedure without access in its meta');
    default:
      return rolesIncluding(access).join(', ');
  }
}

const needsAssignment = (access: Access | undefined) => access !== 'public' && access !== 'signed-in';

/**
 * A contract schema as JSON Schema. Two readings zod cannot make alone, both for
 * request bodies: a required field guarded by `z.unknown().refine(present).pipe(x)`
 * (to say "{label} is required") reads as `x`; and a property is required exactly
 * when its schema refuses a missing value.
 */
export function jsonSchemaOf(schema: ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    // Transforms (the wire codecs) and bigints carry their JSON Schema as metadata
    // (packages/contracts wire.ts); the document test proves no schema is left empty.
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      if (io !== 'input') return;
      const def = (zodSchema as unknown as ZodType)._zod.def as { type: string; in?: ZodType; out?: ZodType; shape?: Record<string, ZodType> };
      if (def.type === 'pipe' && def.in?._zod.def.type === 'unknown' && def.out) {
        for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
        Object.assign(jsonSchema, jsonSchemaOf(def.out, 'input'));
      }
      if (def.type === 'object' && def.shape) {
        const required = Object.keys(def.shape).filter((key) => !def.shape![key]!.safeParse(undefined).success);
        if (required.length > 0) jsonSchema.required = required;
        else delete jsonSchema.required;
      }
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

const FAILURE_CODES = Object.keys(HTTP_STATUS).filter((code) => code !== 'PARSE_ERROR');

/** The failure statuses each operation names, with what they mean and one example. */
const FAILURES: Record<string, { text: string; example: [string, string] }> = {
  '400': { text: 'The input fails validation; the message names the field.', example: ['BAD_REQUEST', 'Tag must contain only letters and numbers'] },
  '401': {
    text: 'No token, or an unknown, expired or revoked one.',
    example: ['UNAUTHORIZED', 'Session expired or signed out'],
  },
  '403': {
    text: 'The caller does not hold the claimed store and role, or that role may not make this call.',
    example: ['FORBIDDEN', 'This needs the STORE_MANAGER role'],
  },
  default: {
    text:
      "Any other failure, in the same body: 401 a wrong username or password at login, 404 no such record in the caller's store, " +
      '409 a conflict, 413 a body over 1 MiB, 415 a body that is not JSON, 429 too many attempts (with retry-after), ' +
      '500 a bug (with an error id), 503 the database is away or too busy (the call changed nothing).',
    example: ['NOT_FOUND', 'No such vendor in this store'],
  },
};

const IDENTITY_FIELDS: Record<string, JsonSchema> = {
  tokenString: { type: 'string', description: 'The session token from login or sign-up (or `authorization: Bearer`, or the `token` cookie).' },
  storeId: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'string', pattern: '^\\d+$' }], description: 'The store the call acts in (or `x-store-id`).' },
  role: { type: 'string', enum: [...ROLES], description: 'The role the call acts as, held in that store (or `x-role`).' },
};

function operation(meta: Meta, key: string, input: ZodType | undefined, output: ZodType | undefined) {
  const access = meta.access;
  const inputSchema = input ? jsonSchemaOf(input, 'input') : { type: 'object' };
  const identity = access === 'public' ? null : needsAssignment(access) ? '#/components/schemas/Assignment' : '#/components/schemas/Session';
  const body = identity ? { allOf: [{ $ref: identity }, inputSchema] } : inputSchema;
  const who = describeAccess(access);
  const statuses = access === 'public' ? ['400', 'default'] : ['400', '401', '403', 'default'];
  return {
    operationId: key,
    tags: [key.split('.').slice(0, -1).join('.')],
    summary: `Who may call: ${who}`,
    ...(meta.accessNote ? { description: meta.accessNote } : {}),
    'x-access': access === 'public' || access === 'signed-in' || access === 'member' ? access : rolesIncluding(access!),
    ...(identity ? { security: [{ bearerAuth: [] }, { cookieAuth: [] }, {}] } : { security: [] }),
    requestBody: {
      required: input ? !input.safeParse(undefined).success : false,
      content: { 'application/json': { schema: body } },
    },
    responses: {
      '200': { description: 'Done', content: { 'application/json': { schema: output ? jsonSchemaOf(output, 'output') : {} } } },
      ...Object.fromEntries(statuses.map((status) => [status, { $ref: `#/components/responses/Failure${status === 'default' ? '' : status}` }])),
    },
  };
}

function buildDocument() {
  const paths: Record<string, { post: ReturnType<typeof operation> }> = {};
  for (const { path, key, meta, input, output } of restProcedures()) paths[path] = { post: operation(meta, key, input, output) };
  const failure = ({ text, example: [code, message] }: (typeof FAILURES)[string]) => ({
    description: text,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' }, example: { success: false, message, code } } },
  });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Consignment POS: REST door',
      version: '1',
      description:
        'Every call is `POST /api/v1<path>` with a JSON body (at most 1 MiB); the same procedures answer the web client at /trpc. ' +
        'Identity: `tokenString`, `storeId` and `role` in the body, or `authorization: Bearer`, `x-store-id` and `x-role` headers; the body wins. ' +
        'Money and percents are `{"type":"Money","value":"12345000"}` and `{"type":"Percent","value":"7250000"}` in micro-units; ' +
        'dates are ISO 8601 with an offset; ids are positive integers. ' +
        'Every failure is `{"success": false, "message", "code"}` with the status of the failure. The repository\'s docs/API.md tells the rest.',
    },
    servers: [{ url: '/api/v1' }],
    paths,
    components: {
      schemas: {
        Failure: {
          type: 'object',
          properties: {
            success: { type: 'boolean', const: false },
            message: { type: 'string', description: 'For people: for bad input it names the field.' },
            code: { type: 'string', enum: FAILURE_CODES },
          },
          required: ['success', 'message', 'code'],
          additionalProperties: false,
        },
        Session: {
          type: 'object',
          description: 'The caller\'s session token, unless it comes as a header or the cookie.',
          properties: { tokenString: IDENTITY_FIELDS.tokenString },
        },
        Assignment: {
          type: 'object',
          description: 'Who calls, as which role of which store; each field may come as a header instead.',
          properties: IDENTITY_FIELDS,
        },
      },
      responses: Object.fromEntries(Object.entries(FAILURES).map(([status, failureOf]) => [`Failure${status === 'default' ? '' : status}`, failure(failureOf)])),
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'The session token (or `tokenString` in the body).' },
        cookieAuth: { type: 'apiKey', in: 'cookie', name: 'token', description: 'The HttpOnly cookie set at login and sign-up.' },
      },
    },
  };
}

let cached: ReturnType<typeof buildDocument> | null = null;

/** The document, built once on first use (it does not change while the process runs). */
export function openApiDocument() {
  cached ??= buildDocument();
  return cached;
}
