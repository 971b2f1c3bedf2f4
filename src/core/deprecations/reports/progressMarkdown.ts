/**
 * The progress report as Markdown, for a pull-request comment: the same numbers as the HTML page,
 * with the call list folded and cut (a GitHub comment holds at most 65,536 characters).
 */
import { visibleText } from '../../text/visibleText';
import { agreeingWithScan, type HistoryReport } from '../history/historyReport';
import { MAX_FIX_POINTS_SHOWN, type NoHistory } from './progressHtml';
import { NO_OWNER, ROOT_FOLDER, type ProgressReport, type Tally } from '../migration/progress';
import { forecastMarkdown } from './burnDown';

/** Calls listed at most; the rest are counted. */
export const MARKDOWN_MAX_CALLS = 100;

export interface MarkdownOptions {
  /**
   * Write owners as live mentions (`@org/team`), which notify them where the comment is posted.
   * Default: in code spans, which notify nobody.
   */
  mentionOwners?: boolean;
  /** The history (`report --history`): its forecast table follows the summary. */
  history?: HistoryReport | NoHistory;
}

export function progressMarkdown(report: ProgressReport, options: MarkdownOptions = {}): string {
  // Owners and folders as code: an owner written plainly is a mention that notifies them.
  const owner = (name: string) =>
    name === NO_OWNER ||
    name === ROOT_FOLDER ||
    (options.mentionOwners && report.groupedBy === 'owner')
      ? mention(name)
      : code(name);
  const lines = [
    '## Migrating off `GET /pets/{petId}` (getPet)',
    '',
    `**${report.total}** ${report.total === 1 ? 'call' : 'calls'} left in ${report.files} ${report.files === 1 ? 'file' : 'files'} · **${report.daysLeft} days left** (removed on ${report.removalDate}) · report of ${report.date}`,
    '',
  ];
  if (report.throughWrappers)
    lines.push(
      `${report.direct} ${report.direct === 1 ? 'request' : 'requests'} where ${report.direct === 1 ? 'it is' : 'they are'} written, ${report.throughWrappers} ${report.throughWrappers === 1 ? 'call' : 'calls'} through a wrapper.`,
      '',
    );
  const baseline = report.baseline;
  if (baseline) {
    const share = baseline.recorded
      ? Math.round((baseline.gone / baseline.recorded) * 1000) / 10
      : 0;
    lines.push(
      `Since the baseline: **${baseline.gone} of ${baseline.recorded}** baselined calls removed (${share} %), **${baseline.fresh}** new.`,
      '',
    );
  }
  if (options.history && 'noHistory' in options.history)
    lines.push(
      `**No history.** ${cell(options.history.noHistory.replace(/^no history: /, ''))}: no burn-down and no forecast.`,
      '',
    );
  else if (options.history)
    lines.push(forecastMarkdown(agreeingWithScan(options.history, report), cell, owner), '');
  const observed = report.observed;
  if (observed)
    lines.push(
      `Observed by a rehearsal (\`petstore-server --record\`): **${observed.total}** ${observed.total === 1 ? 'call' : 'calls'} to GET /pets/{petId} from ${observed.userAgents.length} user ${observed.userAgents.length === 1 ? 'agent' : 'agents'}${observed.browned ? `, ${observed.browned} during brownouts` : ''}${observed.first ? ` (${observed.first} to ${observed.last})` : ''}.`,
      '',
      ...(observed.userAgents.length ? tallyTable(observed.userAgents, 'User agent', code) : []),
    );
  if (!report.total) {
    lines.push('No calls are left: the migration is done.', '');
    return finish(lines, report);
  }
  const grouping = report.groupedBy === 'owner' ? 'Owner' : 'Folder';
  const fixPoints = report.plan.fixPoints.slice(0, MAX_FIX_POINTS_SHOWN);
  lines.push(
    `**${cell(report.plan.headline)}** (\`petstore-deprecations plan\` says which of them \`fix\` rewrites):`,
    '',
    `| Calls removed | Place | ${grouping} | Request |`,
    '| ---: | --- | --- | --- |',
    ...fixPoints.map(
      (point) =>
        `| ${point.removes} | ${code(`${point.file}:${point.line}`)} | ${owner(point.owner)} | ${code(point.snippet)} |`,
    ),
    ...(report.plan.fixPoints.length > fixPoints.length
      ? ['', `… and ${report.plan.fixPoints.length - fixPoints.length} more places.`]
      : []),
    '',
  );
  lines.push(
    ...tallyTable(report.groups, grouping, owner),
    ...tallyTable(report.languages, 'Language', cell),
  );
  const shown = report.calls.slice(0, MARKDOWN_MAX_CALLS);
  lines.push(
    `<details><summary>Every call (${report.total})</summary>`,
    '',
    `| File:line | ${grouping} | Call |`,
    '| --- | --- | --- |',
    ...shown.map(
      (call) =>
        `| ${code(`${call.file}:${call.line}`)} | ${owner(call.owner)} | ${code(call.snippet)}${call.through ? ` through ${code(call.through)}` : ''}${baseline && !call.baselined ? ' **new**' : ''} |`,
    ),
  );
  if (report.total > shown.length)
    lines.push('', `… and ${report.total - shown.length} more (the HTML report lists them all).`);
  lines.push('', '</details>', '');
  return finish(lines, report);
}

function finish(lines: string[], report: ProgressReport): string {
  if (report.notes.length) lines.push(...report.notes.map((note) => `> ${cell(note)}`), '');
  return `${lines.join('\n')}\n`;
}

function tallyTable(
  rows: readonly Tally[],
  heading: string,
  name: (text: string) => string,
): string[] {
  return [
    `| ${heading} | Calls |`,
    '| --- | ---: |',
    ...rows.map((row) => `| ${name(row.name)} | ${row.calls} |`),
    '',
  ];
}

/**
 * Plain text in a table cell or a note: one line, control characters visible, no HTML, Markdown's
 * punctuation escaped (no link, emphasis or image), and no mention: `@name` gets a zero-width
 * space after the `@`, so nobody is notified.
 */
export function cell(text: string): string {
  return visibleText(text)
    .replace(/[\r\n]+/g, ' ')
    .replace(/[\\`*_{}[\]()#+!~|]/g, '\\$&')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/@(?=\w)/g, '@&#8203;');
}

/** Owners as written, mentions live (`--mention-owners`); still escaped, one line. */
function mention(text: string): string {
  return cell(text).replace(/@&#8203;/g, '@');
}

/** A snippet as inline code: backticks can't be escaped inside, so a longer fence is used. */
export function code(text: string): string {
  const flat = visibleText(text)
    .replace(/[\r\n]+/g, ' ')
    .replace(/\|/g, '\\|');
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}
