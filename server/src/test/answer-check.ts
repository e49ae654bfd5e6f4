import zlib from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Issue 41: every answer of every API test is checked against GET /api/openapi.json. For a documented
 * operation the status must be declared, a JSON body must match the declared schema and each declared
 * header that is sent must match its schema; an answer to an API key must carry the declared
 * RateLimit-* headers; a route that answered an API key with success must be in the document. The
 * document's schemas are compiled once per process and schema. A mismatch is recorded here and fails the
 * test that made the request (test/setup.ts).
 */
export const answerViolations: string[] = [];

type Json = Record<string, unknown>;
type Response = {
  headers?: Record<string, { schema?: Json }>;
  content?: Record<string, { schema?: Json }>;
};
type Operation = { responses?: Record<string, Response> };
const DOC_ID = 'https://ems.test/openapi.json';

const openApiPath = (p: string) => p.replace(/:(\w+)/g, '{$1}');

/**
 * The document's components in an Ajv instance, and the validators compiled against them by schema text:
 * shared by the test apps of one process (a worker runs many test files, test/helpers.ts) whose documents
 * have the same components, instead of compiled again for each app (issue 44, the test run's length).
 */
type Compiler = { ajv: Ajv2020; byText: Map<string, ValidateFunction> };
const compilers = new Map<string, Compiler>();
const compilerFor = (components: unknown): Compiler => {
  const key = JSON.stringify(components);
  let c = compilers.get(key);
  if (!c) {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
    ajv.addSchema({ $id: DOC_ID, components }, DOC_ID);
    c = { ajv, byText: new Map() };
    compilers.set(key, c);
  }
  return c;
};

export function installAnswerCheck(app: FastifyInstance): void {
  let paths: Record<string, Record<string, Operation>> | null = null;
  let compiler: Compiler | null = null;
  const compiled = new Map<string, ValidateFunction>();
  const validatorFor = (key: string, schema: Json): ValidateFunction => {
    let v = compiled.get(key);
    if (!v) {
      // `#/components/...` of an operation's schema means the document's components.
      const text = JSON.stringify(schema).split('"#/components/').join(`"${DOC_ID}#/components/`);
      const { ajv, byText } = compiler!;
      v = byText.get(text) ?? ajv.compile(JSON.parse(text) as Json);
      byText.set(text, v);
      compiled.set(key, v);
    }
    return v;
  };
  const load = () => {
    if (paths) return paths;
    const doc = app.swagger() as unknown as Json;
    compiler = compilerFor(doc.components);
    paths = doc.paths as typeof paths;
    return paths!;
  };

  app.addHook('onSend', (req: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    const route = req.routeOptions.url;
    if (!route?.startsWith('/api/') || route.startsWith('/api/docs')) return done(null, payload);
    const method = req.method.toLowerCase();
    const name = `${req.method} ${route} -> ${reply.statusCode}`;
    const op = load()[openApiPath(route)]?.[method];
    const byKey = Boolean(req.auth?.apiKey);
    if (!op) {
      if (byKey && reply.statusCode < 400)
        answerViolations.push(`${name}: answered an API key but is not in the document`);
      return done(null, payload);
    }
    const declared = op.responses?.[String(reply.statusCode)];
    if (!declared) {
      answerViolations.push(`${name}: status not declared`);
      return done(null, payload);
    }
    for (const [header, h] of Object.entries(declared.headers ?? {})) {
      const sent = reply.getHeader(header);
      if (sent === undefined) {
        if (byKey && header.startsWith('RateLimit-'))
          answerViolations.push(`${name}: ${header} missing on an answer to a key`);
        continue;
      }
      const value = h.schema?.type === 'integer' ? Number(sent) : sent;
      const check = validatorFor(
        `${method} ${route} ${reply.statusCode} ${header}`,
        h.schema ?? {},
      );
      if (!check(value)) answerViolations.push(`${name}: header ${header}=${String(sent)}`);
    }
    const schema = declared.content?.['application/json']?.schema;
    const type = String(reply.getHeader('content-type') ?? '');
    if (schema && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
      if (!type.includes('json')) {
        answerViolations.push(`${name}: declared JSON, sent ${type}`);
        return done(null, payload);
      }
      const check = validatorFor(`${method} ${route} ${reply.statusCode}`, schema);
      let body: unknown;
      try {
        const encoded = reply.getHeader('content-encoding') === 'gzip' && Buffer.isBuffer(payload);
        body = JSON.parse(String(encoded ? zlib.gunzipSync(payload) : payload));
      } catch {
        answerViolations.push(`${name}: the body is not JSON`);
        return done(null, payload);
      }
      if (!check(body))
        answerViolations.push(
          `${name}: body does not match: ${compiler!.ajv.errorsText(check.errors)}`,
        );
    }
    done(null, payload);
  });
}
