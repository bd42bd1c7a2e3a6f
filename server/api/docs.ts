/**
 * `GET /api/docs`: an OpenAPI 3.1 document generated from the same route declarations and zod schemas that
 * validate the calls (OpenAPI 3.1 schemas are JSON Schema 2020-12, which z.toJSONSchema writes).
 */
import { z } from 'zod'
import { envelopeSchema } from '../../common/api/envelope'
import type { ApiRoute } from './route'

type JsonSchema = Record<string, unknown>

const errorEnvelope = {
  description:
    'Envelope error: code 422 bad input (data = {field, issues}), 404 unknown object or route, 500 server fault. ' +
    'Business errors (422, unknown object) come with HTTP 200.',
  content: { 'application/json': { schema: strip(z.toJSONSchema(envelopeSchema(z.unknown()))) } },
}

/** The header every money-moving call requires (server/ledger/idempotent.ts). */
const IDEMPOTENCY_PARAMETER: JsonSchema = {
  name: 'Idempotency-Key',
  in: 'header',
  required: true,
  description:
    'Chosen by the client (1–64 visible ASCII, e.g. a UUID), new for each operation: a replay answers what the first call answered; the same key with another payload is refused.',
  schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,64}$' },
}

/** Builds the OpenAPI document for `routes`. */
export function openApiDocument(routes: readonly ApiRoute[]): JsonSchema {
  const paths: Record<string, JsonSchema> = {}
  for (const route of routes) {
    const method = route.method ?? 'GET'
    paths[`/api/${route.path}`] = {
      ...paths[`/api/${route.path}`],
      [method.toLowerCase()]: {
        summary: route.summary,
        operationId: route.path.replace(/\W/g, '_'),
        ...(route.auth && route.auth !== 'none' ? { security: [{ token: [] }], 'x-role': route.auth } : {}),
        ...inputDoc(route, method),
        ...(route.idempotent ? { parameters: [IDEMPOTENCY_PARAMETER] } : {}),
        responses: {
          200: {
            description: 'Envelope with code 1 and this data (or an envelope error, see default).',
            content: { 'application/json': { schema: strip(z.toJSONSchema(envelopeSchema(route.data))) } },
          },
          default: errorEnvelope,
        },
      },
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'TC Market API',
      version: '0.1.0',
      description: 'Every answer is {code, msg, data}; code 1 = success; msg is translated by Accept-Language.',
    },
    paths,
    components: {
      securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token', description: 'Session token' } },
    },
  }
}

/** Query parameters of a GET, or the request body of a POST (JSON, or multipart with one `file`). */
function inputDoc(route: ApiRoute, method: string): JsonSchema {
  if (method === 'GET') return { parameters: route.input ? queryParameters(route.input) : [] }
  if (route.multipart) {
    const schema = { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] }
    return { requestBody: { required: true, content: { 'multipart/form-data': { schema } } } }
  }
  if (!route.input) return {}
  const schema = strip(z.toJSONSchema(route.input, { io: 'input' }))
  return { requestBody: { required: true, content: { 'application/json': { schema } } } }
}

function queryParameters(schema: z.core.$ZodType): JsonSchema[] {
  const json = z.toJSONSchema(schema, { io: 'input' }) as {
    properties?: Record<string, JsonSchema>
    required?: string[]
  }
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: s,
  }))
}

/** Drops the per-schema `$schema` marker, which OpenAPI documents do not repeat. */
function strip(schema: JsonSchema): JsonSchema {
  const { $schema: _drop, ...rest } = schema
  return rest
}
