/**
 * The organisation's report (`report --merge`) as one self-contained HTML page (no script, nothing
 * loaded) and as Markdown: the calls by repository, by owner across repositories, and the
 * organisation's burn-down and forecast.
 */
import type { MergedReport } from '../merge/mergedResults';
import { daysUntilRemoval, REMOVAL_DATE_TEXT } from '../rule';
import { chart } from './burnDown';
import { html, REPORT_STYLE } from './progressHtml';
import { cell, code } from './progressMarkdown';

export function mergedHtml(report: MergedReport, toolVersion: string): string {
  const title = `Deprecated GET /pets/{petId}: ${report.total} call${report.total === 1 ? '' : 's'} left in ${report.repositories.length} repositor${report.repositories.length === 1 ? 'y' : 'ies'}`;
  const withCalls = report.repositories.filter((repository) => repository.calls > 0).length;
  const rows = report.repositories
    .map((repository) => {
      const verdict = repository.history?.forecast.total;
      return `<tr><td>${html(repository.name)}</td><td class="number">${repository.calls}</td><td class="number">${repository.files}</td><td>${verdict ? html(verdict.summary) : '<span class="muted">no history</span>'}</td></tr>`;
    })
    .join('');
  const owners = report.owners.length
    ? `<section><h2>Calls by owner, across repositories</h2><p class="lead">From the CODEOWNERS of the ${report.withOwners} repositor${report.withOwners === 1 ? 'y' : 'ies'} whose history was given.</p><table id="by-owner"><thead><tr><th>Owner</th><th class="number">Calls</th></tr></thead><tbody>${report.owners.map((owner) => `<tr><td>${html(owner.name)}</td><td class="number">${owner.calls}</td></tr>`).join('')}</tbody></table></section>`
    : '';
  const forecast = report.forecast
    ? `<section><h2>The organisation’s burn-down</h2><p class="lead" id="forecast-verdict"><strong>${html(report.forecast.summary)}.</strong> ${html(report.forecast.method)}</p>${chart({ points: report.points, forecast: report.forecast }, 900, 300, 'The organisation’s calls over time, the forecast line and the removal date', html)}</section>`
    : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(title)}</title>
<style>${REPORT_STYLE}
.muted { color: var(--muted); } #by-repository, #by-owner { width: auto; min-width: 560px; }</style>
</head>
<body>
<header>
<h1>Migrating off <code>GET /pets/{petId}</code> (getPet), across repositories</h1>
<p class="subtitle">Report of ${html(report.date)} · the endpoint is removed on ${html(REMOVAL_DATE_TEXT)}</p>
</header>
<section class="cards">
<div class="card" id="calls-left"><div class="value">${report.total}</div><div class="label">calls left</div></div>
<div class="card" id="repositories"><div class="value">${report.repositories.length}</div><div class="label">repositories</div></div>
<div class="card" id="with-calls"><div class="value">${withCalls}</div><div class="label">with calls</div></div>
<div class="card" id="days-left"><div class="value">${Math.max(0, daysUntilRemoval())}</div><div class="label">days left</div></div>
</section>
${forecast}
<section><h2>Calls by repository</h2><table id="by-repository"><thead><tr><th>Repository</th><th class="number">Calls</th><th class="number">Files</th><th>Forecast</th></tr></thead><tbody>${rows}</tbody></table></section>
${owners}
${report.notes.length ? `<section class="notes"><h2>Notes</h2><ul>${report.notes.map((note) => `<li>${html(note)}</li>`).join('')}</ul></section>` : ''}
<footer>Made by petstore-deprecations ${html(toolVersion)} from the results files only. This page loads nothing from the network.</footer>
</body>
</html>
`;
}

export function mergedMarkdown(report: MergedReport): string {
  const lines = [
    '## Migrating off `GET /pets/{petId}` (getPet), across repositories',
    '',
    `**${report.total}** ${report.total === 1 ? 'call' : 'calls'} left in ${report.repositories.length} ${report.repositories.length === 1 ? 'repository' : 'repositories'} · removed on ${REMOVAL_DATE_TEXT} · report of ${report.date}`,
    '',
  ];
  if (report.forecast)
    lines.push(
      `**Forecast: ${cell(report.forecast.summary)}.** ${cell(report.forecast.method)}`,
      '',
    );
  lines.push(
    '| Repository | Calls | Files | Forecast |',
    '| --- | ---: | ---: | --- |',
    ...report.repositories.map(
      (repository) =>
        `| ${code(repository.name)} | ${repository.calls} | ${repository.files} | ${repository.history ? cell(repository.history.forecast.total.summary) : 'no history'} |`,
    ),
    '',
  );
  if (report.owners.length)
    lines.push(
      '| Owner | Calls |',
      '| --- | ---: |',
      ...report.owners.map((owner) => `| ${code(owner.name)} | ${owner.calls} |`),
      '',
    );
  for (const note of report.notes) lines.push(`> ${cell(note)}`);
  return `${lines.join('\n')}\n`;
}
