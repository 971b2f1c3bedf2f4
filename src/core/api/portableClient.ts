import type { z } from 'zod';
import { parseJsonLossless, stringifyJsonLossless } from '../json/losslessJson';
import { parseBaseUrl } from './baseUrl';
import { deprecationSignalsOf, type DeprecationSignals } from './deprecationSignals';
import { PetStoreError } from './errors';
import { exchange, headerValue, type ExchangeRecord, type ExchangeResponse } from './exchange';
import type { HttpPort } from './httpPort';
import { redactSecret } from './redact';
import { LIST_LIMIT_MAX, PET_STATUSES, type PetStatusName } from './vocabulary';
import {
  ErrorBody,
  NewPet,
  Pet,
  Pets,
  PetStatus,
  ListLimit,
  describeIssues,
  type NewPet as NewPetType,
  type Pet as PetType,
} from './schemas';

export interface PortableClientOptions {
  /** The environment's base address, ending in /v1. */
  baseUrl: string;
  /** Reads the environment's key when a request is made; undefined means none is set. */
  apiKey: () => Promise<string | undefined> | string | undefined;
  timeoutMs?: number;
  maxResponseBytes?: number;
  /** How requests are sent (httpPort.ts): undici in Node (client.ts), fetch in a browser. */
  http: HttpPort;
  /** Called once per HTTP exchange (no headers, no key): for a request log. */
  onExchange?: (record: ExchangeRecord) => void;
  /**
   * Called when a response carries the API's own deprecation signals (Deprecation, Sunset, Link
   * rel="deprecation" / "sunset" / "successor-version"), with the operation that got them.
   */
  onDeprecation?: (operation: string, signals: DeprecationSignals) => void;
  /** Called with a malformed deprecation header (ignored otherwise), for the log. */
  onMalformedHeader?: (message: string) => void;
  userAgent?: string;
  /** Says which setting fixes a network failure (an untrusted certificate, a proxy problem). */
  networkAdvice?: (error: unknown, origin: string) => string | undefined;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface ListPetsQuery {
  limit?: number;
  status?: PetStatus;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 5 * 1024 * 1024;

/**
 * Typed client of the Pet Store interface v1.0.0, over any HTTP port: it names no HTTP library, so
 * the browser build bundles it without Node's modules. Node code uses client.ts (undici by default).
 */
export class PortablePetStoreClient {
  private readonly baseUrl: URL;

  constructor(private readonly options: PortableClientOptions) {
    const parsed = parseBaseUrl(options.baseUrl);
    if ('error' in parsed) throw new PetStoreError('contract', parsed.error);
    this.baseUrl = parsed.url;
  }

  get origin(): string {
    return this.baseUrl.origin;
  }

  /** listPets: GET /pets, at most `limit` (1..100, server default 20), optionally one status. */
  async listPets(query: ListPetsQuery = {}, request: RequestOptions = {}): Promise<PetType[]> {
    const url = this.urlFor('/pets');
    if (query.limit !== undefined) {
      if (!ListLimit.safeParse(query.limit).success) {
        throw new RangeError(`limit must be an integer from 1 to 100, got ${query.limit}`);
      }
      url.searchParams.set('limit', String(query.limit));
    }
    if (query.status !== undefined) url.searchParams.set('status', PetStatus.parse(query.status));
    return this.send({ method: 'GET', url, operation: 'GET /pets' }, Pets, request);
  }

  /** createPet: POST /pets. Resolves with the created pet and its assigned id. */
  async createPet(newPet: NewPetType, request: RequestOptions = {}): Promise<PetType> {
    const checked = NewPet.safeParse(newPet);
    if (!checked.success) {
      throw new PetStoreError('validation', `Invalid pet: ${describeIssues(checked.error)}`);
    }
    const body = stringifyJsonLossless(checked.data);
    return this.send(
      { method: 'POST', url: this.urlFor('/pets'), body, operation: 'POST /pets' },
      Pet,
      request,
    );
  }

  /**
   * getPet: GET /pets/{petId}.
   * @deprecated The operation is removed on 5 December 2030; list with a status filter instead.
   * Kept for completeness; the extension never calls it.
   */
  async getPet(petId: bigint, request: RequestOptions = {}): Promise<PetType> {
    return this.send(
      { method: 'GET', url: this.urlFor(`/pets/${petId}`), operation: 'GET /pets/{petId}' },
      Pet,
      request,
    );
  }

  /** Passes on the signals a response carries, success or not (a 404 of getPet has them too). */
  private noticeDeprecation(
    operation: string,
    response: ExchangeResponse,
    url: URL,
    apiKey: string,
  ): void {
    const { onDeprecation, onMalformedHeader } = this.options;
    if (!onDeprecation && !onMalformedHeader) return;
    const signals = deprecationSignalsOf(response.headers, url, (message) =>
      onMalformedHeader?.(`${operation}: ${redactSecret(message, apiKey, 300)}`),
    );
    // A listener's failure is its own: the request it watched still succeeds.
    if (signals)
      try {
        onDeprecation?.(operation, signals);
      } catch {
        // ignored
      }
  }

  private urlFor(path: string): URL {
    return new URL(this.baseUrl.pathname + path, this.baseUrl);
  }

  /**
   * Finds a pet the supported way (never GET /pets/{petId}): the list of its status at the largest
   * page, then each other status in turn (its status may have changed); a pet without a status is
   * looked for in the unfiltered list. Returns it (undefined where getPet would answer 404) and
   * each response: its status, the headers that matter and the time it took.
   */
  async findPet(
    id: bigint,
    status: PetStatusName | undefined,
    request: RequestOptions = {},
  ): Promise<FoundPet> {
    const order: (PetStatusName | undefined)[] =
      status === undefined ? [undefined] : [status, ...PET_STATUSES.filter((s) => s !== status)];
    const responses: ListResponse[] = [];
    for (const each of order) {
      const url = this.urlFor('/pets');
      if (each !== undefined) url.searchParams.set('status', each);
      url.searchParams.set('limit', String(LIST_LIMIT_MAX));
      const { body, summary } = await this.sendDetailed(
        { method: 'GET', url, operation: 'GET /pets' },
        Pets,
        request,
      );
      responses.push({ ...summary, listed: body.length });
      const pet = body.find((candidate) => candidate.id === id);
      if (pet) return { pet, responses };
    }
    return { pet: undefined, responses };
  }

  private async send<T extends z.ZodType>(
    req: { method: 'GET' | 'POST'; url: URL; body?: string; operation: string },
    schema: T,
    options: RequestOptions,
  ): Promise<z.infer<T>> {
    return (await this.sendDetailed(req, schema, options)).body;
  }

  private async sendDetailed<T extends z.ZodType>(
    req: { method: 'GET' | 'POST'; url: URL; body?: string; operation: string },
    schema: T,
    options: RequestOptions,
  ): Promise<{ body: z.infer<T>; summary: ResponseSummary }> {
    const apiKey = await this.options.apiKey();
    if (!apiKey) throw new PetStoreError('missingKey', `No API key is set for ${this.origin}`);
    const onExchange = this.options.onExchange;
    try {
      const started = performance.now();
      const response = await exchange(req, {
        http: this.options.http,
        apiKey,
        timeoutMs: this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        maxResponseBytes: this.options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
        userAgent: this.options.userAgent ?? 'pet-store-explorer',
        signal: options.signal,
        onExchange: onExchange && ((record) => onExchange(redactRecord(record, apiKey))),
        networkAdvice: this.options.networkAdvice,
      });
      const durationMs = Math.round(performance.now() - started);
      this.noticeDeprecation(req.operation, response, req.url, apiKey);
      if (response.status >= 200 && response.status < 300)
        return {
          body: readBody(response, schema, apiKey),
          summary: {
            method: req.method,
            url: redactSecret(req.url.href, apiKey, 2000),
            status: response.status,
            headers: headersThatMatter(response.headers, apiKey),
            durationMs,
          },
        };
      throw failureFor(response, apiKey);
    } catch (error) {
      // The one way out of the client: whatever a response put in a message, the key goes.
      throw redactFailure(error, apiKey);
    }
  }
}

/** One response as the pet details show it: never a key (every value passes the redaction). */
export interface ResponseSummary {
  method: 'GET' | 'POST';
  url: string;
  status: number;
  /** The headers a person reads it for, lower-case names in a fixed order. */
  headers: [string, string][];
  durationMs: number;
}

export interface ListResponse extends ResponseSummary {
  /** Pets the list held. */
  listed: number;
}

export interface FoundPet {
  /** Undefined where GET /pets/{petId} would have answered 404. */
  pet: PetType | undefined;
  /** Each list asked, in order. */
  responses: ListResponse[];
}

/**
 * The headers that say something about the answer: its form and age, the API's deprecation
 * signals (RFC 9745, 8594, Link), rate limits and request ids. Cookies and the like never.
 */
const HEADERS_THAT_MATTER = [
  'content-type',
  'content-length',
  'date',
  'cache-control',
  'etag',
  'last-modified',
  'deprecation',
  'sunset',
  'link',
  'warning',
  'retry-after',
  'x-request-id',
  'request-id',
  'x-correlation-id',
];
const RATE_LIMIT_HEADER = /^(?:x-)?ratelimit(?:-|$)/;

function headersThatMatter(
  headers: ExchangeResponse['headers'],
  apiKey: string,
): [string, string][] {
  const names = Object.keys(headers);
  const chosen = [
    ...HEADERS_THAT_MATTER.filter((name) => names.includes(name)),
    ...names.filter((name) => RATE_LIMIT_HEADER.test(name)).sort(),
  ];
  return chosen.flatMap((name) => {
    const value = headers[name];
    if (value === undefined) return [];
    const text = Array.isArray(value) ? value.join(', ') : value;
    return [[name, redactSecret(text, apiKey, 1000)] as [string, string]];
  });
}

function redactFailure(error: unknown, apiKey: string): unknown {
  if (error instanceof PetStoreError) {
    const { code } = error.details;
    return new PetStoreError(error.kind, redactSecret(error.message, apiKey, 2000), {
      ...error.details,
      code: code === undefined ? undefined : redactSecret(code, apiKey, 100),
    });
  }
  if (error instanceof Error) error.message = redactSecret(error.message, apiKey, 2000);
  return error;
}

function redactRecord(record: ExchangeRecord, apiKey: string): ExchangeRecord {
  return {
    ...record,
    url: redactSecret(record.url, apiKey, 2000),
    error: record.error === undefined ? undefined : redactSecret(record.error, apiKey, 2000),
  };
}

function readBody<T extends z.ZodType>(
  response: ExchangeResponse,
  schema: T,
  apiKey: string,
): z.infer<T> {
  const json = parseJsonOrUndefined(response.text);
  if (json === undefined) {
    throw new PetStoreError(
      'contract',
      `The server answered ${response.status} with a body that is not JSON (content type "${redactSecret(response.contentType, apiKey, 100)}")`,
      { status: response.status },
    );
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new PetStoreError(
      'contract',
      `The server's response does not match the Pet Store interface: ${redactSecret(describeIssues(parsed.error), apiKey)}`,
      { status: response.status },
    );
  }
  return parsed.data;
}

const KIND_BY_STATUS = {
  400: 'validation',
  401: 'unauthorized',
  404: 'notFound',
  429: 'rateLimited',
} as const;

function failureFor(response: ExchangeResponse, apiKey: string): PetStoreError {
  const { status } = response;
  const kind =
    KIND_BY_STATUS[status as keyof typeof KIND_BY_STATUS] ??
    (status >= 500 ? 'server' : 'unexpectedStatus');
  const body = ErrorBody.safeParse(parseJsonOrUndefined(response.text));
  const serverSays = body.success ? redactSecret(body.data.message, apiKey) : undefined;
  const message = serverSays ?? `The server answered ${status} without a readable error body`;
  return new PetStoreError(kind, message, {
    status,
    code: body.success ? redactSecret(body.data.code, apiKey, 100) : undefined,
    ...(status === 429
      ? retryAfter(headerValue(response.headers['retry-after']))
      : { retryAfterSeconds: undefined }),
  });
}

function parseJsonOrUndefined(text: string): unknown {
  try {
    return parseJsonLossless(text);
  } catch {
    return undefined;
  }
}

/**
 * Retry-After is either delay-seconds or an HTTP date (RFC 9110 10.2.3): how long to wait, and
 * when that is. Whatever its size: the caller decides how long it is willing to wait.
 */
function retryAfter(value: string | undefined): { retryAfterSeconds?: number; retryAt?: Date } {
  if (value === undefined) return { retryAfterSeconds: undefined };
  const now = Date.now();
  const trimmed = value.trim();
  if (/^\d{1,15}$/.test(trimmed)) {
    const seconds = Number(trimmed);
    return {
      retryAfterSeconds: seconds,
      retryAt: new Date(Math.min(now + seconds * 1000, 8.64e15)),
    };
  }
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return { retryAfterSeconds: undefined };
  return {
    retryAfterSeconds: Math.max(0, Math.ceil((date - now) / 1000)),
    retryAt: new Date(date),
  };
}
