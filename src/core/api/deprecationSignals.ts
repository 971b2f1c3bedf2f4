/**
 * The API's own deprecation signals on a response: `Deprecation` (RFC 9745, a structured-field
 * date `@<epoch seconds>`), `Sunset` (RFC 8594, an HTTP-date) and `Link` with rel="deprecation",
 * "sunset" or "successor-version". Parsed leniently: a malformed value is reported through
 * `onMalformed` and ignored, never an error.
 */

export interface DeprecationSignals {
  /** When the resource was deprecated (Deprecation). */
  deprecatedSince?: Date;
  /** When it stops answering (Sunset). */
  sunset?: Date;
  /** Documentation of the deprecation (Link rel="deprecation"). */
  deprecationLink?: string;
  /** The sunset policy (Link rel="sunset"). */
  sunsetLink?: string;
  /** What to use instead (Link rel="successor-version"). */
  successor?: string;
}

type HeaderValue = string | string[] | undefined;

/** RFC 9745: sf-date is "@" and an integer (RFC 9651 3.3.7), up to 15 digits. */
const SF_DATE = /^@(-?\d{1,15})$/;
/** RFC 9110 IMF-fixdate, the form HTTP-date is sent in: "Sun, 06 Nov 1994 08:49:37 GMT". */
const IMF_FIXDATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The signals in a response's headers (names lower-case, as Node gives them), or undefined when
 * there are none. Relative link targets are resolved against the request's URL.
 */
export function deprecationSignalsOf(
  headers: Record<string, HeaderValue>,
  requestUrl: URL,
  onMalformed: (message: string) => void = () => undefined,
): DeprecationSignals | undefined {
  const signals: DeprecationSignals = {};
  const deprecation = single(headers.deprecation, 'Deprecation', onMalformed);
  if (deprecation !== undefined) {
    const date = sfDate(deprecation);
    if (date) signals.deprecatedSince = date;
    else onMalformed(`Deprecation "${shown(deprecation)}" is not a date like @1735689600`);
  }
  const sunset = single(headers.sunset, 'Sunset', onMalformed);
  if (sunset !== undefined) {
    const date = httpDate(sunset);
    if (date) signals.sunset = date;
    else onMalformed(`Sunset "${shown(sunset)}" is not an HTTP date`);
  }
  for (const link of links(headers.link, requestUrl, onMalformed)) {
    if (link.rels.includes('deprecation')) signals.deprecationLink ??= link.target;
    if (link.rels.includes('sunset')) signals.sunsetLink ??= link.target;
    if (link.rels.includes('successor-version')) signals.successor ??= link.target;
  }
  return Object.keys(signals).length ? signals : undefined;
}

/** One header value; a repeated header is ambiguous, so it is reported and ignored. */
function single(
  value: HeaderValue,
  name: string,
  onMalformed: (message: string) => void,
): string | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) {
    onMalformed(`${name} is sent ${value.length} times`);
    return undefined;
  }
  return value.trim();
}

function sfDate(value: string): Date | undefined {
  const match = SF_DATE.exec(value);
  if (!match) return undefined;
  const date = new Date(Number(match[1]) * 1000);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** IMF-fixdate only, checked field by field (Date.parse accepts almost anything). */
export function httpDate(value: string): Date | undefined {
  const match = IMF_FIXDATE.exec(value);
  if (!match) return undefined;
  const [, weekday, day, month, year, hour, minute, second] = match;
  const date = new Date(
    Date.UTC(
      Number(year),
      MONTHS.indexOf(month!),
      Number(day),
      Number(hour),
      Number(minute),
      Number(second),
    ),
  );
  // 31 Feb or 25:00 roll over into another date: the fields must come back as sent.
  const same =
    date.getUTCDate() === Number(day) &&
    date.getUTCHours() === Number(hour) &&
    date.getUTCMinutes() === Number(minute) &&
    date.getUTCSeconds() === Number(second) &&
    date.toUTCString().startsWith(weekday!);
  return same ? date : undefined;
}

interface Link {
  target: string;
  rels: string[];
}

/**
 * Link (RFC 8288): `<uri>; rel="a b"; other=x, <uri2>; rel=c`. Only what is needed here: the
 * target and its relation types; a malformed link is reported and skipped, the others kept.
 */
function links(value: HeaderValue, base: URL, onMalformed: (message: string) => void): Link[] {
  const texts = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const found: Link[] = [];
  for (const text of texts) {
    for (const part of splitLinks(text)) {
      const match = /^\s*<([^>]*)>\s*((?:;[^;]*)*)$/.exec(part);
      if (!match) {
        if (part.trim()) onMalformed(`Link "${shown(part)}" is not <target>; rel="…"`);
        continue;
      }
      const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;"]+))/i.exec(match[2]!);
      if (!rel) continue;
      let target: string;
      try {
        target = new URL(match[1]!, base).href;
      } catch {
        onMalformed(`Link target "${shown(match[1]!)}" is not a URL`);
        continue;
      }
      const rels = (rel[1] ?? rel[2]!).toLowerCase().split(/\s+/).filter(Boolean);
      found.push({ target, rels });
    }
  }
  return found;
}

/** Splits a Link header at the commas between links (not those inside <…> or quotes). */
function splitLinks(text: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let inTarget = false;
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '<' && !inQuotes) inTarget = true;
    else if (char === '>' && !inQuotes) inTarget = false;
    else if (char === '"' && !inTarget) inQuotes = !inQuotes;
    else if (char === ',' && !inTarget && !inQuotes) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** A header value in a log line: short, one line. */
function shown(value: string): string {
  const flat = value.replace(/[\r\n\t]+/g, ' ');
  return flat.length > 80 ? `${flat.slice(0, 77)}...` : flat;
}
