/**
 * The migration plan: the places that actually send GET /pets/{petId} (a request, a wrapper's
 * request line, a declared client's method, a generated client's use) — the fix points — each
 * with the calls that reach it through wrappers, ordered by how many calls one change removes.
 * "Fix these 6 places to remove 57 calls" is the first thing a lead reads.
 */
import type { Finding } from '../engine';
import { fixPointsHeadline, fixPointsOf, type PlacedCall } from '../migration/fixPoints';

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

/**
 * The plan of `files` (every finding of a scan, wrappers' calls included; routes that serve the
 * path and test doubles' stubs are not calls and are left out). `ownerOf` names a path's owner
 * (CODEOWNERS, or a folder).
 */
export function migrationPlan(
  files: readonly FileFindings[],
  ownerOf: (path: string) => string | undefined = () => undefined,
): MigrationPlan {
  const calls: (PlacedCall & CallSite)[] = [];
  for (const { path, findings } of files)
    for (const finding of findings) {
      const place = {
        path,
        finding,
        file: path,
        line: finding.start.line,
        column: finding.start.character,
      };
      if (finding.kind === 'url' || finding.kind === 'operation') calls.push(place);
      else if (finding.kind === 'wrapper') {
        const request = finding.via?.[finding.via.length - 1];
        calls.push({
          ...place,
          // A way without its request (never expected) reaches nothing in the scan.
          reaches: request
            ? { file: request.path, line: request.line, column: request.character }
            : { file: '', line: -1, column: -1 },
        });
      }
    }
  const grouping = fixPointsOf(calls, ownerOf);
  const site = ({ path, finding }: CallSite): CallSite => ({ path, finding });
  return {
    fixPoints: grouping.points.map((point) => ({
      path: point.request.path,
      request: point.request.finding,
      callers: point.callers.map(site),
      removes: point.removes,
      ...(point.owner === undefined ? {} : { owner: point.owner }),
    })),
    calls: calls.length,
    unplaced: grouping.unplaced.map(site),
  };
}

/** "Fix 6 places to remove 57 calls" (and what is left without a place). */
export function planHeadline(plan: MigrationPlan): string {
  return fixPointsHeadline({ points: plan.fixPoints, unplaced: plan.unplaced });
}
