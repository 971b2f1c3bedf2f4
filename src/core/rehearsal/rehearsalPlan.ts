/**
 * What a removal rehearsal in the editor runs: the local server or the proxy in front of an
 * environment, in one of the removal modes, as petstore-server arguments; and how its log lines
 * are read back (the listening address, each call to the deprecated operation).
 */
export type RehearsalMode =
  | { kind: 'removed'; status: 410 | 404 }
  | { kind: 'brownout'; schedule: string; status: 410 | 404 };

export type RehearsalTarget =
  | { kind: 'local' }
  /** The environment's base URL (its key is forwarded there, and only there). */
  | { kind: 'proxy'; upstream: string };

export interface RehearsalPlan {
  target: RehearsalTarget;
  mode: RehearsalMode;
}

/** The server's arguments: a free loopback port, requests logged (the calls are counted from them). */
export function serverArguments({ target, mode }: RehearsalPlan): string[] {
  const args = ['--host', '127.0.0.1', '--port', '0'];
  if (target.kind === 'local') args.push('--seed');
  else args.push('--upstream', target.upstream);
  if (mode.kind === 'removed') args.push('--removed');
  else args.push('--brownout', mode.schedule);
  if (mode.status === 404) args.push('--removed-status', '404');
  return args;
}

/** The base URL in the server's "listening on" line, when `line` is it. */
export function listeningAddress(line: string): string | undefined {
  return /^Pet Store server listening on (http:\/\/\S+\/v1)$/.exec(line)?.[1];
}

/** One request line of the server's log: `GET /v1/pets/7 410 0.4ms`. */
const REQUEST_LINE = /^GET \/v1\/pets\/([^/?\s]+)(?:\?\S*)? (\d{3}) [\d.]+ms$/;

/** The call to GET /pets/{petId} a log line records, with its answer's status. */
export function deprecatedCallIn(line: string): { petId: string; status: number } | undefined {
  const match = REQUEST_LINE.exec(line);
  return match ? { petId: match[1]!, status: Number(match[2]) } : undefined;
}

/** A plan passed to the command by a caller (tests, other extensions), checked whole. */
export function asRehearsalPlan(value: unknown): RehearsalPlan | undefined {
  const plan = value as {
    target?: { kind?: unknown; upstream?: unknown };
    mode?: Partial<RehearsalMode>;
  } | null;
  const target = plan?.target;
  const mode = plan?.mode;
  const status = mode?.status === 404 ? 404 : mode?.status === 410 ? 410 : undefined;
  if (!target || !mode || !status) return undefined;
  const checkedTarget: RehearsalTarget | undefined =
    target.kind === 'local'
      ? { kind: 'local' }
      : target.kind === 'proxy' && typeof target.upstream === 'string'
        ? { kind: 'proxy', upstream: target.upstream }
        : undefined;
  const checkedMode: RehearsalMode | undefined =
    mode.kind === 'removed'
      ? { kind: 'removed', status }
      : mode.kind === 'brownout' && typeof mode.schedule === 'string'
        ? { kind: 'brownout', schedule: mode.schedule, status }
        : undefined;
  return checkedTarget && checkedMode ? { target: checkedTarget, mode: checkedMode } : undefined;
}
