import type { BrownoutSchedule } from '../core/rehearsal/brownoutSchedule';
import { StoreFullError } from './petRepository';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { INT64_MAX, INT64_MIN } from '../core/api/int64';
import { LIST_LIMIT_DEFAULT, NewPet, PetStatus, describeIssues } from '../core/api/schemas';
import { parseJsonLossless } from '../core/json/losslessJson';
import type { BearerKeys } from './auth';
import { sendError, sendJsonText } from './errorResponse';
import { petJson, petsJson } from './petJson';
import type { PetRepository } from './petRepository';
import { isJsonContentType, readRequestBody } from './requestBody';
import { deprecationHeaders, deprecationHeadersProblem } from './deprecationHeaders';
import type { Forward } from './upstreamProxy';

export const BASE_PATH = '/v1';

/** A brownout's headers: the window an answer is in, or the next one (ISO start/end). */
const BROWNOUT_UNTIL = 'petstore-brownout-until';
const BROWNOUT_NEXT = 'petstore-brownout-next';

function isoTime(time: number): string {
  return new Date(time).toISOString();
}

/** getPet is removed on 5 December 2030 (spec 4.3, 9.3). */
const DEPRECATION_HEADERS = deprecationHeaders(BASE_PATH);
// The server checks its own signals once, at load: a Sunset before the Deprecation is a bug.
const deprecationProblem = deprecationHeadersProblem(DEPRECATION_HEADERS);
if (deprecationProblem)
  throw new Error(`GET /pets/{petId}'s deprecation headers: ${deprecationProblem}`);

type Route =
  { name: 'pets'; allow: 'GET, POST' } | { name: 'pet'; allow: 'GET'; petId: string } | undefined;

function route(pathname: string): Route {
  if (pathname === `${BASE_PATH}/pets`) return { name: 'pets', allow: 'GET, POST' };
  const match = new RegExp(`^${BASE_PATH}/pets/([^/]+)$`).exec(pathname);
  return match ? { name: 'pet', allow: 'GET', petId: match[1]! } : undefined;
}

/**
 * The target as a path (origin-form) or an absolute http URL (absolute-form, RFC 9112 3.2.2).
 * A target starting with // is a path, not a host: it must not reach another route.
 */
function requestUrl(target: string): URL | undefined {
  try {
    if (target.startsWith('/')) return new URL(`http://localhost${target}`);
    const absolute = new URL(target);
    return absolute.protocol === 'http:' || absolute.protocol === 'https:' ? absolute : undefined;
  } catch {
    return undefined;
  }
}

export interface HandlerDependencies {
  repository: PetRepository;
  /** The accepted keys; none in front of an upstream (it checks them). */
  keys?: BearerKeys;
  /**
   * Rehearses the removal: GET /pets/{petId} answers as a removed endpoint, 410 Gone (`removed`)
   * or 404 (`not_found`) for teams that expect a plain not-found; every other operation as before.
   */
  removed?: RemovedMode;
  /** Told of each answer of the removed operation (the server logs it); `until`: a brownout's end. */
  onRemovedAnswer?: (petId: string, until?: number) => void;
  /** Told of each call that reaches GET /pets/{petId}, whatever its answer (--record). */
  onDeprecatedCall?: (call: { petId: string; brownout: boolean; response: ServerResponse }) => void;
  /**
   * The rehearsal proxy (--upstream): every request is forwarded there, apart from the removed
   * operation's answers; the upstream checks the keys.
   */
  forward?: Forward;
}

export interface RemovedMode {
  status: 410 | 404;
  /** A brownout: removed only inside these windows, and served as before outside them. */
  schedule?: BrownoutSchedule;
  /** The clock the windows are read against (tests set their own). */
  now?: () => number;
}

/** The Pet Store interface v1.0.0 over node:http, with the gap decisions of the foundation issue. */
export function createRequestHandler({
  repository,
  keys,
  removed,
  onRemovedAnswer,
  onDeprecatedCall,
  forward,
}: HandlerDependencies) {
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = requestUrl(request.url ?? '');
    if (!url)
      return sendError(response, 400, 'invalid_request', 'The request target is not a path');
    if (forward) return proxy(forward, url, request, response);
    const target = route(url.pathname);
    if (!target) return sendError(response, 404, 'not_found', `No such resource: ${url.pathname}`);
    const extraHeaders = target.name === 'pet' ? DEPRECATION_HEADERS : {};
    const allowed = target.allow.split(', ');
    if (!allowed.includes(request.method ?? '')) {
      return sendError(
        response,
        405,
        'method_not_allowed',
        `${request.method} is not allowed on ${url.pathname}`,
        {
          ...extraHeaders,
          allow: target.allow,
        },
      );
    }
    if (!keys?.accepts(request.headers.authorization)) {
      return sendError(response, 401, 'unauthorized', 'The API key is missing or invalid', {
        ...extraHeaders,
        'www-authenticate': 'Bearer realm="petstore"',
      });
    }
    if (target.name === 'pet')
      return deprecatedOperation(target.petId, response, (headers) =>
        getPet(target.petId, response, headers),
      );
    if (request.method === 'POST') return createPet(request, response);
    return listPets(url.searchParams, response);
  }

  /**
   * GET /pets/{petId}, recorded, then served (`serve`, with the headers naming the next brownout
   * window) or answered as removed, as the removal mode and its schedule say.
   */
  function deprecatedOperation(
    petId: string,
    response: ServerResponse,
    serve: (headers: Record<string, string>) => void | Promise<void>,
  ): void | Promise<void> {
    if (!removed) {
      onDeprecatedCall?.({ petId, brownout: false, response });
      return serve({});
    }
    const schedule = removed.schedule;
    if (!schedule) {
      onDeprecatedCall?.({ petId, brownout: false, response });
      return answerRemoved(petId, removed, response);
    }
    const now = (removed.now ?? Date.now)();
    const window = schedule.windowAt(now);
    const inWindow = window !== undefined && window.start <= now;
    onDeprecatedCall?.({ petId, brownout: inWindow, response });
    if (inWindow) return answerRemoved(petId, removed, response, window.end);
    // Outside a window: served as before, with the next window named.
    return serve(
      window ? { [BROWNOUT_NEXT]: `${isoTime(window.start)}/${isoTime(window.end)}` } : {},
    );
  }

  /** The rehearsal proxy: below /v1, the upstream answers everything but the removed operation. */
  function proxy(
    send: Forward,
    url: URL,
    request: IncomingMessage,
    response: ServerResponse,
  ): void | Promise<void> {
    const { pathname } = url;
    if (pathname !== BASE_PATH && !pathname.startsWith(`${BASE_PATH}/`))
      return sendError(response, 404, 'not_found', `No such resource: ${pathname}`);
    const below = `${pathname.slice(BASE_PATH.length)}${url.search}`;
    const target = route(pathname);
    if (target?.name === 'pet' && request.method === 'GET')
      return deprecatedOperation(target.petId, response, (headers) =>
        send(request, response, below, headers),
      );
    return send(request, response, below);
  }

  function listPets(query: URLSearchParams, response: ServerResponse): void {
    const limits = query.getAll('limit');
    const statuses = query.getAll('status');
    if (limits.length > 1 || statuses.length > 1) {
      return sendError(response, 400, 'invalid_request', 'limit and status may each be given once');
    }
    let limit = LIST_LIMIT_DEFAULT;
    if (limits.length === 1) {
      const text = limits[0]!;
      limit = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
      if (!(limit >= 1 && limit <= 100)) {
        return sendError(
          response,
          400,
          'invalid_request',
          `limit must be an integer from 1 to 100, got "${text}"`,
        );
      }
    }
    let status: PetStatus | undefined;
    if (statuses.length === 1) {
      const parsed = PetStatus.safeParse(statuses[0]);
      if (!parsed.success) {
        return sendError(
          response,
          400,
          'invalid_request',
          `status must be one of available, pending, sold, got "${statuses[0]}"`,
        );
      }
      status = parsed.data;
    }
    sendJsonText(response, 200, petsJson(repository.list({ limit, status })));
  }

  async function createPet(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readRequestBody(request);
    if (body.kind === 'tooLarge') {
      return sendError(response, 413, 'payload_too_large', 'The request body is larger than 1 MB', {
        connection: 'close',
      });
    }
    if (body.bytes.length === 0)
      return sendError(response, 400, 'invalid_request', 'A JSON request body is required');
    if (!isJsonContentType(request.headers['content-type'])) {
      return sendError(
        response,
        415,
        'unsupported_media_type',
        'The request body must be application/json',
      );
    }
    let json: unknown;
    try {
      json = parseJsonLossless(new TextDecoder('utf-8', { fatal: true }).decode(body.bytes));
    } catch (error) {
      return sendError(
        response,
        400,
        'invalid_request',
        `The body is not valid JSON: ${(error as Error).message}`,
      );
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      return sendError(response, 400, 'invalid_request', 'The body must be a JSON object');
    }
    const parsed = NewPet.safeParse(json);
    if (!parsed.success)
      return sendError(response, 400, 'invalid_request', describeIssues(parsed.error));
    let pet;
    try {
      pet = await repository.create(parsed.data);
    } catch (error) {
      if (error instanceof StoreFullError)
        return sendError(
          response,
          507,
          'store_full',
          `The store has no pet id left, so the pet was not created: ${error.message}`,
        );
      return sendError(
        response,
        500,
        'storage_failure',
        `The pet could not be stored, so it was not created: ${(error as Error).message}`,
      );
    }
    sendJsonText(response, 201, petJson(pet));
  }

  /** What the API will answer after the removal date (not in the interface: decided here). */
  function answerRemoved(
    petId: string,
    mode: RemovedMode,
    response: ServerResponse,
    brownoutUntil?: number,
  ): void {
    onRemovedAnswer?.(petId, brownoutUntil);
    const headers =
      brownoutUntil === undefined
        ? DEPRECATION_HEADERS
        : { ...DEPRECATION_HEADERS, [BROWNOUT_UNTIL]: isoTime(brownoutUntil) };
    if (mode.status === 404)
      return sendError(response, 404, 'not_found', `No pet with id ${petId}`, headers);
    sendError(
      response,
      410,
      'removed',
      brownoutUntil === undefined
        ? 'GET /pets/{petId} has been removed: list pets with GET /pets and filter them instead'
        : `GET /pets/{petId} is browned out until ${isoTime(brownoutUntil)} (a rehearsal of its removal): list pets with GET /pets and filter them instead`,
      headers,
    );
  }

  function getPet(
    petId: string,
    response: ServerResponse,
    extraHeaders: Record<string, string> = {},
  ): void {
    const headers = { ...DEPRECATION_HEADERS, ...extraHeaders };
    const id = /^-?\d{1,19}$/.test(petId) ? BigInt(petId) : undefined;
    const pet =
      id !== undefined && id >= INT64_MIN && id <= INT64_MAX ? repository.find(id) : undefined;
    if (!pet) return sendError(response, 404, 'not_found', `No pet with id ${petId}`, headers);
    sendJsonText(response, 200, petJson(pet), headers);
  }

  return (request: IncomingMessage, response: ServerResponse): void => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) {
        sendError(response, 500, 'internal_error', `Internal error: ${(error as Error).message}`);
      } else {
        response.destroy();
      }
    });
  };
}
