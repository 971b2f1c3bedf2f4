/**
 * The progress report as Markdown, for a pull-request comment: the same numbers as the HTML page,
 * with the call list folded and cut (a GitHub comment holds at most 65,536 characters).
 */
import type { ProgressReport, Tally } from '../migration/progress';

/** Calls listed at most; the rest are counted. */
export const MARKDOWN_MAX_CALLS = 100;

export function progressMarkdown(report: ProgressReport): string {
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
  if (!report.total) {
    lines.push('No calls are left: the migration is done.', '');
    return finish(lines, report);
  }
  const grouping = report.groupedBy === 'owner' ? 'Owner' : 'Folder';
  lines.push(...tallyTable(report.groups, grouping), ...tallyTable(report.languages, 'Language'));
  const shown = report.calls.slice(0, MARKDOWN_MAX_CALLS);
  lines.push(
    `<details><summary>Every call (${report.total})</summary>`,
    '',
    `| File:line | ${grouping} | Call |`,
    '| --- | --- | --- |',
    ...shown.map(
      (call) =>
        `| ${cell(`${call.file}:${call.line}`)} | ${cell(call.owner)} | ${code(call.snippet)}${call.through ? ` through ${code(call.through)}` : ''}${baseline && !call.baselined ? ' **new**' : ''} |`,
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

function tallyTable(rows: readonly Tally[], heading: string): string[] {
  return [
    `| ${heading} | Calls |`,
    '| --- | ---: |',
    ...rows.map((row) => `| ${cell(row.name)} | ${row.calls} |`),
    '',
  ];
}

/** Text in a table cell: pipes escaped, no line breaks, no HTML. */
function cell(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\|/g, '\\|');
}

/** A snippet as inline code: backticks can't be escaped inside, so a longer fence is used. */
function code(text: string): string {
  const flat = text.replace(/[\r\n]+/g, ' ').replace(/\|/g, '\\|');
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}
