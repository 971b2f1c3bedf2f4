#!/usr/bin/env node
import {
  parseBrownoutSchedule,
  ScheduleError,
  type BrownoutSchedule,
} from '../core/rehearsal/brownoutSchedule';
import { visibleText } from '../core/text/visibleText';
import { parseArgs } from 'node:util';
import { DataFileError } from '../server/dataFile';
import { StoreLockedError } from '../server/dataPath';
import {
  startPetStoreServer,
  UpstreamLoopError,
  type UpstreamSettings,
} from '../server/petStoreServer';
import { isLoopbackHost, parseBaseUrl } from '../core/api/baseUrl';
import { pemCertificates } from '../core/api/trustStore';
import { readFailure, readRegularText } from '../core/files/regularFile';
import { parseCorsOrigins } from '../server/cors';
import { MAX_CERTIFICATE_FILE_BYTES } from '../core/api/trustStore';
import { TOOL_VERSION } from '../core/deprecations/toolVersion';

const USAGE = `Usage: petstore-server --api-key KEY [--api-key KEY2 ...] [options]
       petstore-server --upstream URL [--removed | --brownout SCHEDULE] [--record FILE] [options]

Serves the Pet Store interface v1.0.0 under /v1, or, with --upstream, stands in front of a real
environment as a rehearsal proxy.

Options:
  --api-key KEY   accept this bearer key (repeatable; or set PETSTORE_SERVER_API_KEYS=k1,k2)
  --host HOST     address to listen on (default 127.0.0.1)
  --port PORT     port to listen on; 0 picks a free one (default 8787)
  --data FILE     keep pets in FILE, durably (default: in memory only)
  --repair        start from a damaged journal, keeping every complete record (the original is kept)
  --seed          fill a fresh store with demo pets
  --removed       rehearse the removal: GET /pets/{petId} answers 410 Gone (Error body, code
                  "removed", with its Sunset and Link headers); every other operation is unchanged
  --brownout SCHEDULE
                  rehearse the removal in windows only: "10m/1h" (the first 10 minutes of every
                  hour), "at 14:00 for 30m" (daily), or ISO intervals separated by commas
                  (2026-12-01T10:00Z/PT1H); all in UTC. Outside a window GET /pets/{petId} is
                  served as before, with a Petstore-Brownout-Next header naming the next window
  --record FILE   append one JSON line per call to GET /pets/{petId} to FILE (time, id, status,
                  user agent, client address, whether browned out); a summary is printed at exit
  --removed-status 404
                  with --removed: answer 404 (code "not_found") instead, for clients that expect
                  a plain not-found
  --upstream URL  a rehearsal proxy in front of an environment (its base URL, ending in /v1):
                  every request is forwarded there with the client's key and its answer relayed,
                  except that GET /pets/{petId} follows --removed or --brownout (and --record
                  sees its calls). The key goes to that origin only; redirects are not followed;
                  no --api-key, --data or --seed
  --upstream-ca FILE
                  also trust the PEM certificates in FILE for the upstream (repeatable); Node's
                  bundle, NODE_EXTRA_CA_CERTS and the system store are trusted as the extension does
  --upstream-timeout SECONDS
                  time for the upstream's answer to start, and between its parts (default 30); a
                  timeout answers 504, an unreachable or broken upstream 502
  --cors-origin ORIGIN
                  let a browser page from ORIGIN (scheme://host[:port]) call the server, for an
                  editor running in a browser (repeatable; none by default: no CORS headers)
  --quiet         do not log requests
  --headers-timeout SECONDS     time for a request's headers to arrive (default 10)
  --request-timeout SECONDS     time for a whole request to arrive (default 30)
  --keep-alive-timeout SECONDS  how long an idle connection stays open (default 5)
  --max-connections N           open connections at most; the oldest idle one makes room (default 512)
  -V, --version   print the version
  -h, --help      show this help`;

function fail(message: string, code: number): never {
  process.stderr.write(`petstore-server: ${message}\n`);
  process.exit(code);
}

function readOptions() {
  try {
    return parseArgs({
      options: {
        'api-key': { type: 'string', multiple: true, default: [] },
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string', default: '8787' },
        data: { type: 'string' },
        seed: { type: 'boolean', default: false },
        removed: { type: 'boolean', default: false },
        'removed-status': { type: 'string' },
        brownout: { type: 'string' },
        record: { type: 'string' },
        upstream: { type: 'string' },
        'upstream-ca': { type: 'string', multiple: true, default: [] },
        'upstream-timeout': { type: 'string' },
        repair: { type: 'boolean', default: false },
        quiet: { type: 'boolean', default: false },
        'cors-origin': { type: 'string', multiple: true, default: [] },
        'headers-timeout': { type: 'string' },
        'request-timeout': { type: 'string' },
        'keep-alive-timeout': { type: 'string' },
        'max-connections': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
        version: { type: 'boolean', short: 'V', default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${USAGE}`, 2);
  }
}

/** A flag in seconds (0.1 to 3600), in milliseconds; undefined when not given. */
function seconds(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || number < 0.1 || number > 3600)
    fail(`${flag} must be a number of seconds from 0.1 to 3600, got "${value}"\n\n${USAGE}`, 2);
  return Math.round(number * 1000);
}

function count(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,6}$/.test(value) || Number(value) < 1)
    fail(`${flag} must be a whole number from 1 to 999999, got "${value}"\n\n${USAGE}`, 2);
  return Number(value);
}

/** --upstream and its options, checked; refuses what does not go with a proxy. */
function upstreamOf(options: ReturnType<typeof readOptions>): UpstreamSettings {
  const parsed = parseBaseUrl(options.upstream ?? '');
  if ('error' in parsed) fail(`--upstream: ${parsed.error}\n\n${USAGE}`, 2);
  const { url } = parsed;
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    fail(
      `--upstream: ${url.origin} is plain http to another machine, where the API key would travel in clear text: use https\n\n${USAGE}`,
      2,
    );
  if (options['api-key'].length)
    fail(`--api-key does not go with --upstream: the upstream checks the keys\n\n${USAGE}`, 2);
  if (options.data !== undefined || options.seed)
    fail(`--data and --seed do not go with --upstream: the upstream keeps the pets\n\n${USAGE}`, 2);
  const extraCertificates = options['upstream-ca'].flatMap((file) => {
    let text: string;
    try {
      text = readRegularText(file, { maxBytes: MAX_CERTIFICATE_FILE_BYTES });
    } catch (error) {
      fail(`--upstream-ca ${file}: ${readFailure(error)}`, 2);
    }
    const found = pemCertificates(text);
    if (!found.length) fail(`--upstream-ca ${file}: no PEM certificate in it`, 2);
    return found;
  });
  return {
    url,
    extraCertificates,
    timeoutMs: seconds(options['upstream-timeout'], '--upstream-timeout'),
  };
}

async function main(): Promise<void> {
  const options = readOptions();
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (options.version) {
    process.stdout.write(`${TOOL_VERSION}\n`);
    return;
  }
  const upstream = options.upstream === undefined ? undefined : upstreamOf(options);
  const fromEnvironment = (process.env.PETSTORE_SERVER_API_KEYS ?? '').split(',').filter(Boolean);
  const apiKeys = upstream ? [] : [...options['api-key'], ...fromEnvironment];
  if (apiKeys.length === 0 && !upstream) fail(`at least one --api-key is required\n\n${USAGE}`, 2);
  if (apiKeys.some((key) => !/^\S+$/.test(key)))
    fail(`an API key must not be empty or contain spaces\n\n${USAGE}`, 2);
  const port = Number(options.port);
  if (!/^\d+$/.test(options.port) || port > 65535)
    fail(`--port must be a number from 0 to 65535, got "${options.port}"\n\n${USAGE}`, 2);

  const removedStatus = options['removed-status'];
  const brownout = options.brownout;
  if (brownout !== undefined && options.removed)
    fail(`--removed and --brownout are used one at a time: --removed is always\n\n${USAGE}`, 2);
  if (removedStatus !== undefined && !options.removed && brownout === undefined)
    fail(`--removed-status needs --removed or --brownout\n\n${USAGE}`, 2);
  if (options.record === '') fail(`--record needs a file name\n\n${USAGE}`, 2);
  if (removedStatus !== undefined && removedStatus !== '410' && removedStatus !== '404')
    fail(`--removed-status must be 410 or 404, got "${removedStatus}"\n\n${USAGE}`, 2);
  let schedule: BrownoutSchedule | undefined;
  try {
    if (brownout !== undefined) schedule = parseBrownoutSchedule(brownout, Date.now());
  } catch (error) {
    if (error instanceof ScheduleError) fail(`--brownout: ${error.message}\n\n${USAGE}`, 2);
    throw error;
  }
  const removed =
    options.removed || schedule
      ? {
          status: removedStatus === '404' ? (404 as const) : (410 as const),
          ...(schedule ? { schedule } : {}),
        }
      : undefined;

  const limits = {
    headersTimeoutMs: seconds(options['headers-timeout'], '--headers-timeout'),
    requestTimeoutMs: seconds(options['request-timeout'], '--request-timeout'),
    keepAliveTimeoutMs: seconds(options['keep-alive-timeout'], '--keep-alive-timeout'),
    maxConnections: count(options['max-connections'], '--max-connections'),
  };
  const cors = parseCorsOrigins(options['cors-origin']);
  if ('error' in cors) fail(`--cors-origin: ${cors.error}\n\n${USAGE}`, 2);
  const log = options.quiet
    ? undefined
    : (line: string) => process.stdout.write(`${visibleText(line)}\n`);
  let server;
  try {
    server = await startPetStoreServer({
      apiKeys,
      host: options.host,
      port,
      dataFile: options.data,
      seed: options.seed,
      repair: options.repair,
      log,
      removed,
      ...(upstream ? { upstream } : {}),
      ...(options.record !== undefined ? { recordFile: options.record } : {}),
      corsOrigins: cors.origins,
      limits: Object.fromEntries(Object.entries(limits).filter(([, value]) => value !== undefined)),
    });
  } catch (error) {
    if (error instanceof StoreLockedError) fail(error.message, 2);
    if (error instanceof DataFileError) fail(error.message, 1);
    if (error instanceof UpstreamLoopError) fail(`--upstream: ${error.message}`, 2);
    fail(`could not start: ${(error as Error).message}`, 1);
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log?.(`${signal}: stopping`);
    server.close().then(
      () => {
        // Said even with --quiet: it is what --record was asked for.
        const summary = server.recordSummary();
        if (summary) process.stdout.write(`${summary}\n`);
        process.exit(0);
      },
      (error: unknown) => fail(`error while stopping: ${(error as Error).message}`, 1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  if (removed) {
    const window = removed.schedule?.windowAt(Date.now());
    process.stdout.write(
      `Rehearsing the removal: GET /pets/{petId} answers ${removed.status === 410 ? '410 Gone' : '404 Not Found'}${
        removed.schedule
          ? ` in the brownout windows ${visibleText(removed.schedule.text)} (UTC)${window ? `, next ${new Date(window.start).toISOString()}` : ''}`
          : ''
      }\n`,
    );
  }
  if (upstream)
    process.stdout.write(
      `Rehearsal proxy in front of ${upstream.url.origin}${upstream.url.pathname}: every other request is forwarded there\n`,
    );
  // The one line tests and scripts wait for (the last of the start); keep its shape. Printed once
  // a signal stops us cleanly.
  process.stdout.write(`Pet Store server listening on ${server.baseUrl}\n`);
}

main().catch((error: unknown) => fail((error as Error).message, 1));
