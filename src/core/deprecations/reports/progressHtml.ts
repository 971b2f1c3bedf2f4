/**
 * The progress report as one self-contained HTML page a manager can open: no script, no link,
 * no network (its Content-Security-Policy forbids loading anything), styles inline, the chart an
 * inline SVG.
 */
import { visibleText } from '../../text/visibleText';
import { agreeingWithScan, type HistoryReport } from '../history/historyReport';
import type { ObservedCalls } from '../migration/observedCalls';
import type { ProgressReport, Tally } from '../migration/progress';
import { burnDownHtml } from './burnDown';

/** Why a report has no burn-down, said where it would be ("no history: the workspace is not in a git repository"). */
export interface NoHistory {
  noHistory: string;
}

function burnDownSection(history: HistoryReport | NoHistory, scan: ProgressReport): string {
  if ('noHistory' in history)
    return `<p class="lead" id="forecast-verdict"><strong>No history.</strong> ${html(history.noHistory.replace(/^no history: /, ''))}: no burn-down and no forecast.</p>`;
  return burnDownHtml(agreeingWithScan(history, scan), html);
}

export function progressHtml(
  report: ProgressReport,
  toolVersion: string,
  history?: HistoryReport | NoHistory,
): string {
  const grouping = report.groupedBy === 'owner' ? 'owner' : 'folder';
  const title = `Deprecated GET /pets/{petId}: ${count(report.total, 'call')} left`;
  const body = report.total
    ? [
        section(
          `Calls by ${grouping}`,
          report.groupedBy === 'owner'
            ? `Owners from <code>${html(report.ownersFile ?? 'CODEOWNERS')}</code> (the last matching rule).`
            : 'By top-level folder (the repository has no CODEOWNERS file).',
          `${barChart(report.groups, grouping)}${tallyTable(report.groups, grouping === 'owner' ? 'Owner' : 'Folder', 'by-group')}`,
        ),
        section(
          'Where to fix',
          `<strong id="plan-headline">${html(report.plan.headline)}</strong>. <code>petstore-deprecations plan</code> says which of them <code>petstore-deprecations fix</code> rewrites.`,
          fixPointsTable(report),
        ),
        section('Calls by language', '', tallyTable(report.languages, 'Language', 'by-language')),
        section(
          'Every call',
          'Each call to replace with GET /pets and a status filter.',
          callsTable(report),
        ),
      ].join('\n')
    : `<p class="done" id="no-calls">No calls to GET /pets/{petId} are left. The migration is done.</p>`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(title)}</title>
<style>${REPORT_STYLE}</style>
</head>
<body>
<header>
<h1>Migrating off <code>GET /pets/{petId}</code> (getPet)</h1>
<p class="subtitle">Report of ${html(report.date)} · the endpoint is removed on ${html(report.removalDate)}</p>
</header>
<section class="cards">
${card('calls-left', String(report.total), report.total === 1 ? 'call left' : 'calls left')}
${card('days-left', String(report.daysLeft), report.daysLeft === 1 ? 'day left' : 'days left')}
${card('files', String(report.files), report.files === 1 ? 'file' : 'files')}
${report.throughWrappers ? card('through-wrappers', String(report.throughWrappers), report.throughWrappers === 1 ? 'call through a wrapper' : 'calls through a wrapper') : ''}
${baselineCards(report)}
</section>
${history ? section('Burn-down', '', burnDownSection(history, report)) : ''}
${report.observed ? section('Observed calls', 'What a rehearsal of the removal saw (<code>petstore-server --record</code>): calls that reached GET /pets/{petId} at run time, beside those the code shows.', observedHtml(report.observed)) : ''}
${body}
${notes(report.notes)}
<footer>Made by petstore-deprecations ${html(toolVersion)}. This page loads nothing from the network.</footer>
</body>
</html>
`;
}

function observedHtml(observed: ObservedCalls): string {
  const when = observed.first
    ? `<p class="lead">From ${html(observed.first)} to ${html(observed.last ?? '')}.</p>`
    : '';
  return `<section class="cards">${card('observed-calls', String(observed.total), observed.total === 1 ? 'call observed' : 'calls observed')}${card('observed-agents', String(observed.userAgents.length), 'user agents')}${card('observed-browned', String(observed.browned), 'during brownouts')}${card('observed-ids', String(observed.ids), observed.ids === 1 ? 'pet asked for' : 'pets asked for')}</section>${when}${tallyTable(observed.userAgents, 'User agent', 'observed-by-agent')}`;
}

function baselineCards(report: ProgressReport): string {
  const baseline = report.baseline;
  if (!baseline) return '';
  const share = baseline.recorded ? Math.round((baseline.gone / baseline.recorded) * 1000) / 10 : 0;
  return [
    card(
      'removed',
      `${baseline.gone} of ${baseline.recorded}`,
      `baselined calls removed (${share} %)`,
      `<div class="progress" role="img" aria-label="${share} % removed"><div style="width:${Math.min(100, share)}%"></div></div>`,
    ),
    card('new-calls', String(baseline.fresh), baseline.fresh === 1 ? 'new call' : 'new calls'),
  ].join('\n');
}

function card(id: string, value: string, label: string, extra = ''): string {
  return `<div class="card"><div class="value" id="${id}">${html(value)}</div><div class="label">${html(label)}</div>${extra}</div>`;
}

function section(heading: string, lead: string, content: string): string {
  return `<section><h2>${html(heading)}</h2>${lead ? `<p class="lead">${lead}</p>` : ''}${content}</section>`;
}

const BAR_ROW = 26;
const LABEL_WIDTH = 240;
const BAR_WIDTH = 420;

/** One horizontal bar per group, longest first, with its count at the end. */
function barChart(groups: readonly Tally[], grouping: string): string {
  const most = Math.max(1, ...groups.map((group) => group.calls));
  const height = groups.length * BAR_ROW + 4;
  const rows = groups.map((group, index) => {
    const y = index * BAR_ROW + 2;
    const width = Math.max(2, Math.round((group.calls / most) * BAR_WIDTH));
    const label = group.name.length > 32 ? `${group.name.slice(0, 31)}…` : group.name;
    return [
      `<g><title>${html(`${group.name}: ${count(group.calls, 'call')}`)}</title>`,
      `<text x="${LABEL_WIDTH - 8}" y="${y + 17}" text-anchor="end" class="bar-label">${html(label)}</text>`,
      `<rect x="${LABEL_WIDTH}" y="${y + 4}" width="${width}" height="${BAR_ROW - 8}" rx="3" class="bar"/>`,
      `<text x="${LABEL_WIDTH + width + 6}" y="${y + 17}" class="bar-value">${group.calls}</text></g>`,
    ].join('');
  });
  return `<svg class="chart" role="img" aria-label="Calls by ${html(grouping)}" width="${LABEL_WIDTH + BAR_WIDTH + 60}" height="${height}" viewBox="0 0 ${LABEL_WIDTH + BAR_WIDTH + 60} ${height}" xmlns="http://www.w3.org/2000/svg">${rows.join('')}</svg>`;
}

function tallyTable(rows: readonly Tally[], heading: string, id: string): string {
  const body = rows
    .map(
      (row) =>
        `<tr><td>${html(row.name)}</td><td class="number" data-calls="${row.calls}">${row.calls}</td></tr>`,
    )
    .join('\n');
  return `<table id="${id}"><thead><tr><th>${html(heading)}</th><th class="number">Calls</th></tr></thead><tbody>\n${body}\n</tbody></table>`;
}

function callsTable(report: ProgressReport): string {
  const withBaseline = report.baseline !== undefined;
  const rows = report.calls
    .map((call) =>
      [
        '<tr>',
        `<td class="where">${html(`${call.file}:${call.line}`)}</td>`,
        `<td>${html(call.owner)}</td>`,
        `<td>${html(call.language)}</td>`,
        `<td><code>${html(call.snippet)}</code>${call.through ? ` <span class="through">through <code>${html(call.through)}</code></span>` : ''}</td>`,
        withBaseline
          ? `<td>${call.baselined ? 'baselined' : '<strong class="new">new</strong>'}</td>`
          : '',
        '</tr>',
      ].join(''),
    )
    .join('\n');
  const grouping = report.groupedBy === 'owner' ? 'Owner' : 'Folder';
  return `<table id="calls"><thead><tr><th>File:line</th><th>${grouping}</th><th>Language</th><th>Call</th>${withBaseline ? '<th>Status</th>' : ''}</tr></thead><tbody>\n${rows}\n</tbody></table>`;
}

/** The places that send the request, most calls removed first (the first ones: the page stays short). */
function fixPointsTable(report: ProgressReport): string {
  const shown = report.plan.fixPoints.slice(0, MAX_FIX_POINTS_SHOWN);
  const rows = shown
    .map(
      (point) =>
        `<tr><td class="number" data-removes="${point.removes}">${point.removes}</td><td class="where">${html(`${point.file}:${point.line}`)}</td><td>${html(point.owner)}</td><td><code>${html(point.snippet)}</code></td></tr>`,
    )
    .join('\n');
  const more = report.plan.fixPoints.length - shown.length;
  const grouping = report.groupedBy === 'owner' ? 'Owner' : 'Folder';
  return `<table id="fix-points"><thead><tr><th class="number">Calls removed</th><th>Place</th><th>${grouping}</th><th>Request</th></tr></thead><tbody>\n${rows}\n</tbody></table>${more > 0 ? `<p class="lead">… and ${count(more, 'more place')}.</p>` : ''}`;
}

/** Fix points the page lists: the plan's head, where most calls go. */
export const MAX_FIX_POINTS_SHOWN = 25;

function notes(list: readonly string[]): string {
  if (!list.length) return '';
  return `<section class="notes"><h2>Notes</h2><ul>${list.map((note) => `<li>${html(note)}</li>`).join('')}</ul></section>`;
}

function count(value: number, noun: string): string {
  return `${value} ${noun}${value === 1 ? '' : 's'}`;
}

/** Text as HTML content or a quoted attribute value, control characters made visible. */
export function html(text: string): string {
  return visibleText(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export const REPORT_STYLE = `
:root { color-scheme: light dark; --fg: #1f2328; --muted: #59636e; --bg: #ffffff; --card: #f6f8fa;
  --line: #d1d9e0; --bar: #bc4c00; --new: #cf222e; --ok: #1a7f37; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #9198a1; --bg: #0d1117;
  --card: #151b23; --line: #3d444d; --bar: #f0883e; --new: #ff7b72; --ok: #3fb950; } }
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg);
  background: var(--bg); margin: 0 auto; max-width: 1100px; padding: 24px 32px 48px; }
h1 { font-size: 26px; margin: 0 0 4px; } h1 code { font-size: 24px; } h2 { font-size: 19px; margin: 32px 0 8px; }
code { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.subtitle, .lead, footer { color: var(--muted); }
.cards { display: flex; flex-wrap: wrap; gap: 16px; margin-top: 20px; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 12px 16px; min-width: 120px; }
.card .value { font-size: 30px; font-weight: 600; }
.card .label { color: var(--muted); }
#calls-left { color: var(--bar); } #new-calls { color: var(--new); }
.progress { height: 8px; background: var(--line); border-radius: 4px; margin-top: 8px; overflow: hidden; }
.progress div { height: 100%; background: var(--ok); }
.chart .bar { fill: var(--bar); } .chart text { fill: var(--fg); font-size: 13px; }
.chart .bar-value { font-weight: 600; }
table { border-collapse: collapse; width: 100%; margin-top: 8px; }
th, td { text-align: left; padding: 5px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: var(--card); } td.number, th.number { text-align: right; }
#by-group, #by-language { width: auto; min-width: 360px; }
td.where { white-space: nowrap; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
td code { word-break: break-all; }
.new { color: var(--new); }
.done { font-size: 20px; color: var(--ok); margin-top: 32px; }
.burn-down { max-width: 100%; height: auto; display: block; margin-top: 8px; }
.burn-down .calls { fill: none; stroke: var(--bar); stroke-width: 2; }
.burn-down .fit { fill: none; stroke: var(--muted); stroke-width: 1.5; stroke-dasharray: 5 4; }
.burn-down .point { fill: var(--bar); } .burn-down .axis { stroke: var(--line); }
.burn-down .removal { stroke: var(--new); stroke-width: 1.5; } .burn-down .tick { fill: var(--muted); font-size: 11px; }
.burn-down .removal-label { fill: var(--new); }
#forecast { width: auto; min-width: 560px; }
.small-multiples { display: flex; flex-wrap: wrap; gap: 12px 24px; margin-top: 16px; }
.small-burn-down { margin: 0; } .small-burn-down figcaption { font-size: 13px; color: var(--muted); }
footer { margin-top: 40px; font-size: 13px; }
`;
