/**
 * The fix points of a set of calls: the places that send GET /pets/{petId}, each with the calls
 * that reach it through wrappers, most calls removed first. One grouping for the migration plan
 * (`fixes/fixPlan.ts`, over findings) and the progress report (over reported calls).
 */

/** Where a call is, and for a call through a wrapper, where the request it reaches is. */
export interface PlacedCall {
  file: string;
  line: number;
  column: number;
  /** Absent: the call is a request itself. */
  reaches?: { file: string; line: number; column: number };
}

export interface PlacedFixPoint<T extends PlacedCall> {
  request: T;
  /** The calls whose way ends at this request. */
  callers: T[];
  /** Calls one change here removes: the request and every call reaching it. */
  removes: number;
  owner?: string;
}

export interface FixPointGrouping<T extends PlacedCall> {
  points: PlacedFixPoint<T>[];
  /** Calls through a wrapper whose request is not among the calls (outside the scan, say). */
  unplaced: T[];
}

const key = (place: { file: string; line: number; column: number }) =>
  `${place.file}\0${place.line}\0${place.column}`;

export function fixPointsOf<T extends PlacedCall>(
  calls: readonly T[],
  ownerOf: (file: string) => string | undefined = () => undefined,
): FixPointGrouping<T> {
  const points = new Map<string, PlacedFixPoint<T>>();
  for (const call of calls)
    if (!call.reaches) {
      const owner = ownerOf(call.file);
      points.set(key(call), {
        request: call,
        callers: [],
        removes: 1,
        ...(owner === undefined ? {} : { owner }),
      });
    }
  const unplaced: T[] = [];
  for (const call of calls) {
    if (!call.reaches) continue;
    const point = points.get(key(call.reaches));
    if (!point) {
      unplaced.push(call);
      continue;
    }
    point.callers.push(call);
    point.removes++;
  }
  const sorted = [...points.values()].sort(
    (a, b) =>
      b.removes - a.removes ||
      (a.owner ?? '').localeCompare(b.owner ?? '') ||
      a.request.file.localeCompare(b.request.file) ||
      a.request.line - b.request.line,
  );
  return { points: sorted, unplaced };
}

/** "Fix 6 places to remove 57 calls" (and what is left without a place). */
export function fixPointsHeadline(grouping: {
  points: readonly { removes: number }[];
  unplaced: readonly unknown[];
}): string {
  const places = grouping.points.length;
  const removed = grouping.points.reduce((sum, point) => sum + point.removes, 0);
  if (places === 0)
    return grouping.unplaced.length
      ? `No request to GET /pets/{petId} in the scan: ${grouping.unplaced.length} call${grouping.unplaced.length === 1 ? '' : 's'} reach one outside it`
      : 'No calls to GET /pets/{petId}: nothing to fix';
  const headline = `Fix ${places} place${places === 1 ? '' : 's'} to remove ${removed} call${removed === 1 ? '' : 's'}`;
  return grouping.unplaced.length
    ? `${headline} (${grouping.unplaced.length} more reach a request outside the scan)`
    : headline;
}
