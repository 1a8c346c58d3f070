// The HTTP adapter: Fastify translates requests into the contract's (src/contract) and its
// answers back, serves the live app, and adds the security headers. No rule of the API is here.
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { Readable } from 'node:stream';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  jsonTextOf,
  queryOf,
  type Answer,
  type ContractRequest,
  type RawBody,
} from '../contract/answers';
import { firstAnswers, mayCarryAnswers } from '../contract/first-answers';
import type { Contract } from '../contract/kernel';
import { contentSecurityPolicy } from '../security-policy';
import { acceptedLanguages, firstPaintOf, sendPage, type FirstPaint } from './app-page';

export interface AppOptions {
  contract: Contract;
  /** Answers whether the database can be reached, for GET /up. */
  healthy(): Promise<boolean>;
  /** The live build to serve (index.html for every app path); none serves the API only. */
  appRoot?: string;
  /**
   * Draws a screen's first paint from its answers (issue 37); by default the live build's own
   * (src/first-paint.tsx, built into its ssr/ folder), if it has one.
   */
  firstPaint?: FirstPaint;
  logger: FastifyServerOptions['logger'];
  trustProxy?: boolean;
}

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

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger,
    // One proxy hop: the client's address is the one that proxy saw, not what a client claims.
    trustProxy: options.trustProxy ? (_address: string, hop: number) => hop === 0 : false,
    // One line per request, written in onResponse below.
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
  });

  await app.register(fastifyCookie);

  // The body stays unread: the contract reads it (`readBody`) once the request may send one.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => {
    done(null, payload);
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
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
      return reply.code(error.statusCode).send({ message: 'Bad Request' });
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

  const api = async (request: FastifyRequest, reply: FastifyReply) => {
    const limit = options.contract.bodyLimit(request.method, pathOf(request));
    // Declared too large: refused before anything is read, as Laravel's PostTooLargeException.
    if (Number(request.headers['content-length']) > limit.bytes)
      return reply.code(413).header('Connection', 'close').send({ message: limit.message });
    return send(reply, await options.contract.handle(toContract(request)));
  };
  app.all('/api', api);
  app.all('/api/*', api);
  app.all('/sanctum/*', api);

  const paint = options.firstPaint ?? (options.appRoot ? firstPaintOf(options.appRoot) : undefined);
  if (options.appRoot) {
    await app.register(fastifyStatic, {
      root: options.appRoot,
      // The first paint's code is the server's to run, not a file of the app's.
      allowedPath: (path) => !path.startsWith('/ssr/'),
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
    if (options.appRoot && reading && !API_PATH.test(request.url)) {
      const page = toContract(request);
      // A session's page carries its screen's first answers (issue 37); none is cached.
      if (request.method === 'GET' && mayCarryAnswers(page.path, page.cookies))
        return sendPage(
          reply,
          options.appRoot,
          () => firstAnswers(options.contract, page),
          paint
            ? {
                request: {
                  path: page.path,
                  cookies: page.cookies,
                  languages: acceptedLanguages(page.header('accept-language')),
                },
                paint,
              }
            : undefined,
        );
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ message: 'Not Found' });
  });

  return app;
}

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '/';

function toContract(request: FastifyRequest): ContractRequest {
  return {
    method: request.method,
    path: pathOf(request),
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
    body: (limit) => readBody(request.body as Readable | undefined, limit),
    address: request.ip,
  };
}

/** The body's text, counted as it comes; past `limit` it is refused at once, the rest unread. */
function readBody(stream: Readable | undefined, limit: number): Promise<RawBody> {
  if (!stream) return Promise.resolve({ text: '' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      stream.off('data', onData);
      chunks.length = 0;
      // Discarded until the 413's `Connection: close` ends the connection.
      stream.resume();
      resolve({ refused: 'tooLarge' });
    };
    stream.on('data', onData);
    stream.on('end', () => {
      try {
        // Not the lossy decoding, which would store U+FFFD for what was sent.
        resolve({ text: UTF8.decode(Buffer.concat(chunks)) });
      } catch {
        resolve({ refused: 'notUtf8' });
      }
    });
    stream.on('error', () => resolve({ refused: 'unreadable' }));
  });
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
  // After a 413 the client may still be sending: the connection closes rather than read it all.
  if (answer.status === 413) reply.header('Connection', 'close');
  // Answers are the user's own data: no cache (a shared proxy, the back button) may keep them.
  reply.code(answer.status).headers({ 'Cache-Control': 'no-store', ...answer.headers });
  if (answer.body === undefined) return reply.send();
  // A kept answer's text is sent as it is: its body is not serialized again (issue 37).
  const text = jsonTextOf(answer);
  if (text !== undefined) return reply.type('application/json; charset=utf-8').send(text);
  return reply.send(answer.body);
}
