// The HTTP adapter: Fastify translates requests into the contract's (src/contract) and its
// answers back, serves the live app, and adds the security headers. No rule of the API is here.
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { queryOf, type Answer, type ContractRequest } from '../contract/answers';
import type { Contract } from '../contract/kernel';
import { parseRequestBody } from '../contract/request-body';
import { contentSecurityPolicy } from '../security-policy';

export interface AppOptions {
  contract: Contract;
  /** Answers whether the database can be reached, for GET /up. */
  healthy(): Promise<boolean>;
  /** The live build to serve (index.html for every app path); none serves the API only. */
  appRoot?: string;
  logger: FastifyServerOptions['logger'];
  trustProxy?: boolean;
}

/** Bodies past this are refused with 413: the largest real request is a few hundred bytes. */
export const BODY_LIMIT_BYTES = 64 * 1024;

const SECURITY_HEADERS = {
  // The same policy as the built index.html's meta tag, plus frame-ancestors.
  'Content-Security-Policy': contentSecurityPolicy({ delivery: 'header' }),
  'X-Content-Type-Options': 'nosniff',
  // Keeps the Referer Sanctum reads on same-origin calls, and nothing of the path elsewhere.
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

const API_PATH = /^\/(api|sanctum)(\/|$)/;
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** A body that cannot be read as sent: 400 with what is wrong. */
class MalformedBody extends Error {
  readonly statusCode = 400;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger,
    bodyLimit: BODY_LIMIT_BYTES,
    // One proxy hop: the client's address is the one that proxy saw, not what a client claims.
    trustProxy: options.trustProxy ? (_address: string, hop: number) => hop === 0 : false,
    // One line per request, written in onResponse below.
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
  });

  await app.register(fastifyCookie);

  // Laravel reads a body that is not JSON as no input (then 422 names the missing fields).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    let text: string;
    try {
      // Not the lossy decoding, which would store U+FFFD for what was sent.
      text = UTF8.decode(typeof body === 'string' ? Buffer.from(body) : body);
    } catch {
      done(new MalformedBody('The request body is not valid UTF-8.'));
      return;
    }
    done(null, parseRequestBody(text));
  });

  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.headers(SECURITY_HEADERS);
    done(null, payload);
  });

  app.addHook('onRequest', (request, _reply, done) => {
    request.log.debug({ method: request.method, url: request.url }, 'request started');
    done();
  });

  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
    done();
  });

  app.setErrorHandler(async (error: { statusCode?: number; message: string }, request, reply) => {
    if (error.statusCode === 413) {
      const limit = options.contract.bodyLimit(request.method, request.url.split('?')[0] ?? '/');
      return reply.code(413).send({ message: limit?.message ?? 'The request body is too large.' });
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
      return reply
        .code(error.statusCode)
        .send({ message: error instanceof MalformedBody ? error.message : 'Bad Request' });
    // The log has why; the client only "Server Error", as Laravel without APP_DEBUG.
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Server Error' });
  });

  // Readiness: the database answers and takes a write. A load balancer sends traffic only here.
  app.get('/up', async (_request, reply) => {
    const up = await options.healthy().catch(() => false);
    return reply.code(up ? 200 : 503).send({ status: up ? 'up' : 'down' });
  });
  // Liveness: the process answers; restart it only when this fails.
  app.get('/live', (_request, reply) => reply.code(200).send({ status: 'alive' }));

  const api = async (request: FastifyRequest, reply: FastifyReply) =>
    send(reply, await options.contract.handle(toContract(request)));
  app.all('/api', api);
  app.all('/api/*', api);
  // Routes that take larger bodies (an import) have their own limit, stated in their 413.
  for (const route of options.contract.routes) {
    if (!route.maxBody) continue;
    const url = route.path.replace(/\{(\w+)\}/g, ':$1');
    for (const path of [url, `${url}/`])
      app.route({ method: route.method, url: path, bodyLimit: route.maxBody.bytes, handler: api });
  }
  app.all('/sanctum/*', api);

  if (options.appRoot) {
    await app.register(fastifyStatic, {
      root: options.appRoot,
      // The build's .br and .gz copies (vite.config.ts), for clients that accept them.
      preCompressed: true,
      // Hashed file names never change, so they may be kept for a year; index.html never.
      setHeaders: (response, path) => {
        response.header(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    // The app routes every other path itself (its 404 screen included).
    const reading = request.method === 'GET' || request.method === 'HEAD';
    if (options.appRoot && reading && !API_PATH.test(request.url))
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    return reply.code(404).send({ message: 'Not Found' });
  });

  return app;
}

function toContract(request: FastifyRequest): ContractRequest {
  return {
    method: request.method,
    path: request.url.split('?')[0] ?? '/',
    query: queryOf(new URL(request.url, 'http://localhost').searchParams),
    header: (name) => {
      const value = request.headers[name.toLowerCase()];
      return Array.isArray(value) ? value[0] : value;
    },
    cookies: Object.fromEntries(
      Object.entries(request.cookies).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    ),
    body: request.body ?? {},
    address: request.ip,
  };
}

function send(reply: FastifyReply, answer: Answer): FastifyReply {
  const secure = reply.request.protocol === 'https';
  for (const cookie of answer.cookies) {
    reply.setCookie(cookie.name, cookie.value, {
      path: '/',
      httpOnly: cookie.httpOnly,
      sameSite: 'lax',
      secure,
      maxAge: cookie.maxAgeSeconds,
    });
  }
  // Answers are the user's own data: no cache (a shared proxy, the back button) may keep them.
  reply.code(answer.status).headers({ 'Cache-Control': 'no-store', ...answer.headers });
  return answer.body === undefined ? reply.send() : reply.send(answer.body);
}
