/**
 * The calls a rehearsal saw (`petstore-server --record FILE`), read for the progress report beside
 * what the code shows: how many, from which user agents, how many during brownouts, when. Lines
 * that are not such a record (a truncated last line, another file) are counted and passed over.
 */
import type { Tally } from './progress';

export interface ObservedCalls {
  total: number;
  browned: number;
  /** Distinct pet ids asked for. */
  ids: number;
  userAgents: Tally[];
  first?: string;
  last?: string;
  /** Lines that were not a recorded call. */
  skipped: number;
}

/** The record is read up to this size (a long rehearsal of a busy application fits). */
export const MAX_OBSERVED_BYTES = 256 * 1024 * 1024;
/** User agents listed at most; the rest are summed up. */
const MAX_AGENTS = 50;
const MAX_LINE = 10_000;

export function observedCalls(text: string): ObservedCalls {
  const agents = new Map<string, number>();
  const ids = new Set<string>();
  let total = 0;
  let browned = 0;
  let skipped = 0;
  let first: string | undefined;
  let last: string | undefined;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const call = line.length <= MAX_LINE ? recordedCall(line) : undefined;
    if (!call) {
      skipped++;
      continue;
    }
    total++;
    if (call.brownout) browned++;
    ids.add(call.id);
    agents.set(call.userAgent, (agents.get(call.userAgent) ?? 0) + 1);
    if (first === undefined || call.time < first) first = call.time;
    if (last === undefined || call.time > last) last = call.time;
  }
  const sorted = [...agents]
    .map(([name, calls]) => ({ name: name || '(no user agent)', calls }))
    .sort((a, b) => b.calls - a.calls || (a.name < b.name ? -1 : 1));
  const listed = sorted.slice(0, MAX_AGENTS);
  const rest = sorted.slice(MAX_AGENTS).reduce((sum, agent) => sum + agent.calls, 0);
  if (rest) listed.push({ name: `${sorted.length - MAX_AGENTS} other user agents`, calls: rest });
  return {
    total,
    browned,
    ids: ids.size,
    userAgents: listed,
    ...(first ? { first, last } : {}),
    skipped,
  };
}

function recordedCall(
  line: string,
): { time: string; id: string; userAgent: string; brownout: boolean } | undefined {
  let data: unknown;
  try {
    data = JSON.parse(line);
  } catch {
    return undefined;
  }
  const call = data as Record<string, unknown> | null;
  if (
    !call ||
    typeof call.time !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}T/.test(call.time) ||
    typeof call.id !== 'string' ||
    typeof call.userAgent !== 'string' ||
    typeof call.brownout !== 'boolean' ||
    typeof call.status !== 'number'
  )
    return undefined;
  return { time: call.time, id: call.id, userAgent: call.userAgent, brownout: call.brownout };
}
