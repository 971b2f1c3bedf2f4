import { parseArgs } from 'node:util';
import { migrationPlan, planHeadline, type FixPoint } from '../../core/deprecations/fixes/fixPlan';
import { REACH } from '../../core/deprecations/fixes/replacement';
import { CodeOwners } from '../../core/deprecations/migration/codeOwners';
import { ownerOfPath } from '../../core/deprecations/migration/progress';
import { repositoryPath } from '../../core/deprecations/workspace/repositoryRoot';
import { usageError, writeParts } from './cliOutput';
import { migrateSelection, shownPath, type FileOutcome } from './migrateFiles';
import { FINDER_OPTIONS, FINDER_USAGE, finderSettings } from './scanFiles';
import { SELECTION_OPTIONS, scanSelection } from './scanSelection';

export const PLAN_USAGE = `Usage: petstore-deprecations plan [PATH...] [options]

The migration plan: the places that send GET /pets/{petId} (a request, a wrapper's request line,
a generated client's call), each with the calls that reach it through wrappers, most calls removed
first, by owner (CODEOWNERS, else the top folder), and whether \`fix\` rewrites it or a person must.

Options:
  --format FORMAT            text (default), json or markdown
${FINDER_USAGE}
  --changed-since REF        only the files changed since the git revision REF
  --only-changed-lines       with --changed-since: only calls on added or modified lines
  --baseline FILE            only the calls FILE does not accept
  -h, --help                 show this help

Exit status: 0 nothing to fix, 1 places to fix, 2 usage or I/O error.`;

/** What `fix` would do at a place: rewrite it (with which library) or leave it, and why. */
type Verdict = { fix: string } | { manual: string };

export async function runPlan(args: string[]): Promise<number> {
  const usage: (message: string) => never = (message) => usageError(message, PLAN_USAGE);
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        ...FINDER_OPTIONS,
        ...SELECTION_OPTIONS,
        format: { type: 'string', default: 'text' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    usage((error as Error).message);
  }
  const { values, positionals: paths } = parsed;
  if (values.help) {
    process.stdout.write(`${PLAN_USAGE}\n`);
    return 0;
  }
  const format = values.format;
  if (format !== 'text' && format !== 'json' && format !== 'markdown')
    usage(`--format must be text, json or markdown, not "${format}"`);
  const settings = finderSettings(values);
  if (typeof settings === 'string') usage(settings);
  // What each file was scanned as: the migration reuses its findings while the file is unchanged.
  const selection = await scanSelection(paths, settings, values, usage, { scannedTexts: true });
  const { repository } = selection;
  const owners = CodeOwners.find(repository)?.owners;
  const plan = migrationPlan(
    selection.results.map((file) => ({ path: file.path, findings: file.findings })),
    (path) => ownerOfPath(repositoryPath(repository, path), owners),
  );
  const { outcomes, ioError } = migrateSelection(selection, settings);
  const verdicts = verdictsOf(outcomes);
  const verdictOf = (point: FixPoint): Verdict =>
    verdicts.get(`${point.path}\0${point.request.start.line + 1}`) ?? {
      manual: 'not read again',
    };
  const rendered =
    format === 'json'
      ? `${JSON.stringify(planJson(plan.fixPoints, verdictOf, planHeadline(plan)), null, 2)}\n`
      : format === 'markdown'
        ? planMarkdown(plan.fixPoints, verdictOf, planHeadline(plan))
        : planText(plan.fixPoints, verdictOf, planHeadline(plan));
  writeParts([rendered]);
  if (ioError) return 2;
  return plan.fixPoints.length ? 1 : 0;
}

function verdictsOf(outcomes: readonly FileOutcome[]): Map<string, Verdict> {
  const verdicts = new Map<string, Verdict>();
  for (const file of outcomes) {
    for (const fixed of file.fixed)
      verdicts.set(`${file.path}\0${fixed.line}`, { fix: fixed.library });
    for (const left of file.manual)
      verdicts.set(`${file.path}\0${left.line}`, { manual: left.reason });
  }
  return verdicts;
}

function place(point: FixPoint): string {
  return `${shownPath(point.path)}:${point.request.start.line + 1}`;
}

function verdictText(verdict: Verdict): string {
  return 'fix' in verdict ? `fix rewrites it (${verdict.fix})` : `by hand: ${verdict.manual}`;
}

function byOwner(points: readonly FixPoint[]): [string, FixPoint[]][] {
  const groups = new Map<string, FixPoint[]>();
  for (const point of points) {
    const owner = point.owner ?? '(no owner)';
    groups.set(owner, [...(groups.get(owner) ?? []), point]);
  }
  const removes = (list: readonly FixPoint[]) => list.reduce((sum, p) => sum + p.removes, 0);
  return [...groups].sort(([, a], [, b]) => removes(b) - removes(a));
}

function planText(
  points: readonly FixPoint[],
  verdictOf: (point: FixPoint) => Verdict,
  headline: string,
): string {
  const lines = [headline];
  const automatic = points.filter((point) => 'fix' in verdictOf(point));
  if (points.length)
    lines.push(
      `\`petstore-deprecations fix --write\` rewrites ${automatic.length} of them (${automatic.reduce((sum, p) => sum + p.removes, 0)} calls). ${REACH}`,
    );
  for (const [owner, list] of byOwner(points)) {
    const calls = list.reduce((sum, point) => sum + point.removes, 0);
    lines.push(
      '',
      `${owner}: ${list.length} place${list.length === 1 ? '' : 's'}, ${calls} call${calls === 1 ? '' : 's'}`,
    );
    for (const point of list) {
      const through = point.callers.length
        ? ` (the request and ${point.callers.length} call${point.callers.length === 1 ? '' : 's'} through wrappers)`
        : '';
      lines.push(
        `  ${String(point.removes).padStart(4)}  ${place(point)}  ${point.request.detail}${through}`,
        `        ${verdictText(verdictOf(point))}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

function planMarkdown(
  points: readonly FixPoint[],
  verdictOf: (point: FixPoint) => Verdict,
  headline: string,
): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/`/g, "'");
  const lines = [`## ${headline}`, '', REACH];
  for (const [owner, list] of byOwner(points)) {
    lines.push(
      '',
      `### ${cell(owner)}`,
      '',
      '| Calls removed | Place | Request | Fix |',
      '| ---: | --- | --- | --- |',
    );
    for (const point of list) {
      const verdict = verdictOf(point);
      lines.push(
        `| ${point.removes} | \`${cell(place(point))}\` | \`${cell(point.request.detail)}\` | ${cell('fix' in verdict ? `automatic (${verdict.fix})` : `by hand: ${verdict.manual}`)} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

function planJson(
  points: readonly FixPoint[],
  verdictOf: (point: FixPoint) => Verdict,
  headline: string,
) {
  return {
    headline,
    reach: REACH,
    fixPoints: points.map((point) => ({
      file: shownPath(point.path),
      line: point.request.start.line + 1,
      column: point.request.start.character + 1,
      request: point.request.detail,
      owner: point.owner,
      removes: point.removes,
      callers: point.callers.map((caller) => ({
        file: shownPath(caller.path),
        line: caller.finding.start.line + 1,
        call: caller.finding.detail,
      })),
      ...verdictOf(point),
    })),
  };
}
