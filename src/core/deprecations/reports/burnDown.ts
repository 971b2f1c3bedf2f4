/**
 * The burn-down of a history as inline SVG (no script): the calls at each point, the forecast's
 * line from the last point to its zero, and the removal date; one large chart for the total and
 * small ones per owner. And the forecast table, as HTML and as Markdown.
 */
import type { Forecast } from '../history/forecast';
import type { HistoryReport } from '../history/historyReport';
import { REMOVAL_DATE } from '../rule';

const DAY = 86_400_000;
const TOTAL = 'Total';
/** Owners drawn as small charts (the rest are in the table). */
const MAX_SMALL_CHARTS = 12;
/** The chart runs at most this far past the removal: a forecast of 2060 is drawn to the edge. */
const MAX_DAYS_PAST_REMOVAL = 3 * 365;

export interface Series {
  points: { date: string; calls: number }[];
  forecast: Forecast;
}

type Escape = (text: string) => string;

export function burnDownHtml(history: HistoryReport, html: Escape): string {
  const total: Series = {
    points: history.points.map((point) => ({ date: point.date, calls: point.total })),
    forecast: history.forecast.total,
  };
  const groups = history.forecast.groups.slice(0, MAX_SMALL_CHARTS).map((group) => ({
    name: group.name,
    series: {
      points: history.points.map((point) => ({
        date: point.date,
        calls: point.owners.find((owner) => owner.name === group.name)?.calls ?? 0,
      })),
      forecast: group.forecast,
    },
  }));
  const small = groups
    .map(
      ({ name, series }) =>
        `<figure class="small-burn-down"><figcaption>${html(name)}: ${html(series.forecast.summary)}</figcaption>${chart(series, 320, 140, `${name}: calls over time`, html)}</figure>`,
    )
    .join('');
  return `<p class="lead" id="forecast-verdict"><strong>${html(history.forecast.total.summary)}.</strong> ${html(history.forecast.total.method)}</p>
${chart(total, 900, 300, 'Calls over time, the forecast line and the removal date', html)}
${forecastTableHtml(history, html)}
${small ? `<div class="small-multiples">${small}</div>` : ''}`;
}

function forecastTableHtml(history: HistoryReport, html: Escape): string {
  const rows = [
    { name: 'Total', forecast: history.forecast.total },
    ...history.forecast.groups,
  ].map(
    ({ name, forecast }) =>
      `<tr><td>${html(name)}</td><td>${html(forecast.verdict)}</td><td class="number">${forecast.perMonth ?? ''}</td><td>${html(forecast.zeroDate ?? '')}</td><td>${html(forecast.zeroRange ? forecast.zeroRange.join(' – ') : '')}</td></tr>`,
  );
  return `<table id="forecast"><thead><tr><th>${history.points.at(-1)?.groupedBy === 'folder' ? 'Folder' : 'Owner'}</th><th>Verdict</th><th class="number">Calls fewer a month</th><th>Zero by</th><th>Likely range</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

export function forecastMarkdown(history: HistoryReport, cell: Escape, owner: Escape): string {
  const lines = [
    `**Forecast: ${cell(history.forecast.total.summary)}.** ${cell(history.forecast.total.method)}`,
    '',
    `| ${history.points.at(-1)?.groupedBy === 'folder' ? 'Folder' : 'Owner'} | Verdict | Calls fewer a month | Zero by |`,
    '| --- | --- | ---: | --- |',
    ...[{ name: TOTAL, forecast: history.forecast.total }, ...history.forecast.groups].map(
      ({ name, forecast }) =>
        `| ${name === TOTAL ? TOTAL : owner(name)} | ${forecast.verdict} | ${forecast.perMonth ?? ''} | ${forecast.zeroDate ?? ''} |`,
    ),
  ];
  return lines.join('\n');
}

/** One line chart: points and their line, the forecast dashed to zero, the removal as a rule. */
export function chart(
  series: Series,
  width: number,
  height: number,
  label: string,
  html: Escape,
): string {
  const { points, forecast } = series;
  if (points.length === 0) return '';
  const pad = { left: 44, right: 12, top: 12, bottom: 24 };
  const first = time(points[0]!.date);
  const removal = REMOVAL_DATE.getTime();
  const zero = forecast.zeroDate ? time(forecast.zeroDate) : undefined;
  const end = Math.min(
    Math.max(removal, zero ?? 0, time(points.at(-1)!.date)) + 30 * DAY,
    removal + MAX_DAYS_PAST_REMOVAL * DAY,
  );
  const top = Math.max(1, ...points.map((point) => point.calls));
  const x = (at: number) =>
    pad.left +
    ((Math.min(at, end) - first) / Math.max(end - first, DAY)) * (width - pad.left - pad.right);
  const y = (calls: number) => pad.top + (1 - calls / top) * (height - pad.top - pad.bottom);
  const line = points
    .map((point, k) => `${k ? 'L' : 'M'}${round(x(time(point.date)))},${round(y(point.calls))}`)
    .join(' ');
  const last = points.at(-1)!;
  let fitted = '';
  if (zero !== undefined) {
    // Past the chart's edge the line is cut where it leaves.
    const lastTime = time(last.date);
    const edge = Math.min(zero, end);
    const callsAtEdge = last.calls * (1 - (edge - lastTime) / Math.max(zero - lastTime, 1));
    fitted = `<path class="fit" d="M${round(x(lastTime))},${round(y(last.calls))} L${round(x(edge))},${round(y(Math.max(0, callsAtEdge)))}"/>`;
  }
  const removalX = round(x(removal));
  const dots = points
    .map(
      (point) =>
        `<circle class="point" cx="${round(x(time(point.date)))}" cy="${round(y(point.calls))}" r="2.5"><title>${html(point.date)}: ${point.calls}</title></circle>`,
    )
    .join('');
  return `<svg class="burn-down" role="img" aria-label="${html(label)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">
<line class="axis" x1="${pad.left}" y1="${y(0)}" x2="${width - pad.right}" y2="${y(0)}"/>
<text class="tick" x="${pad.left - 6}" y="${round(y(top)) + 4}" text-anchor="end">${top}</text>
<text class="tick" x="${pad.left - 6}" y="${round(y(0)) + 4}" text-anchor="end">0</text>
<text class="tick" x="${pad.left}" y="${height - 6}">${html(points[0]!.date.slice(0, 7))}</text>
<line class="removal" x1="${removalX}" y1="${pad.top}" x2="${removalX}" y2="${y(0)}"/>
<text class="tick removal-label" x="${removalX - 4}" y="${pad.top + 10}" text-anchor="end">removal 2030-12-05</text>
<path class="calls" d="${line}"/>${fitted}${dots}
</svg>`;
}

function time(date: string): number {
  return Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
