/**
 * The migration plan: the places that actually send GET /pets/{petId} (a request, a wrapper's
 * request line, a declared client's method, a generated client's use) — the fix points — each
 * with the calls that reach it through wrappers, ordered by how many calls one change removes.
 * "Fix these 6 places to remove 57 calls" is the first thing a lead reads.
 */
import type { Finding } from '../engine';

export interface FileFindings {
  /** As reports name it (relative to the repository root, say). */
  path: string;
  findings: readonly Finding[];
}

export interface CallSite {
  path: string;
  finding: Finding;
}

export interface FixPoint {
  path: string;
  /** The request itself (kind url or operation). */
  request: Finding;
  /** The calls of wrappers whose way ends at this request. */
  callers: CallSite[];
  /** Calls one change here removes: the request and every call reaching it. */
  removes: number;
  owner?: string;
}

export interface MigrationPlan {
  fixPoints: FixPoint[];
  /** Calls counted in all (requests and wrappers' calls). */
  calls: number;
  /** Calls of wrappers whose request was not among the findings (outside the scan, say). */
  unplaced: CallSite[];
}

const key = (path: string, line: number, character: number) => `${path}\0${line}\0${character}`;

/**
 * The plan of `files` (every finding of a scan, wrappers' calls included; routes that serve the
 * path are not calls and are left out). `ownerOf` names a path's owner (CODEOWNERS, or a folder).
 */
export function migrationPlan(
  files: readonly FileFindings[],
  ownerOf: (path: string) => string | undefined = () => undefined,
): MigrationPlan {
  const points = new Map<string, FixPoint>();
  for (const { path, findings } of files)
    for (const finding of findings)
      if (finding.kind === 'url' || finding.kind === 'operation') {
        const owner = ownerOf(path);
        points.set(key(path, finding.start.line, finding.start.character), {
          path,
          request: finding,
          callers: [],
          removes: 1,
          ...(owner === undefined ? {} : { owner }),
        });
      }
  const unplaced: CallSite[] = [];
  let calls = points.size;
  for (const { path, findings } of files)
    for (const finding of findings) {
      if (finding.kind !== 'wrapper') continue;
      calls++;
      const request = finding.via?.[finding.via.length - 1];
      const point = request && points.get(key(request.path, request.line, request.character));
      if (!point) {
        unplaced.push({ path, finding });
        continue;
      }
      point.callers.push({ path, finding });
      point.removes++;
    }
  const fixPoints = [...points.values()].sort(
    (a, b) =>
      b.removes - a.removes ||
      (a.owner ?? '').localeCompare(b.owner ?? '') ||
      a.path.localeCompare(b.path) ||
      a.request.start.line - b.request.start.line,
  );
  return { fixPoints, calls, unplaced };
}

/** "Fix 6 places to remove 57 calls" (and what is left without a place). */
export function planHeadline(plan: MigrationPlan): string {
  const places = plan.fixPoints.length;
  const removed = plan.fixPoints.reduce((sum, point) => sum + point.removes, 0);
  if (places === 0) return 'No calls to GET /pets/{petId}: nothing to fix';
  const headline = `Fix ${places} place${places === 1 ? '' : 's'} to remove ${removed} call${removed === 1 ? '' : 's'}`;
  return plan.unplaced.length
    ? `${headline} (${plan.unplaced.length} more reach a request outside the scan)`
    : headline;
}
