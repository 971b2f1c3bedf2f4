/**
 * Around the engine, reports/: the CLI's output formats. Takes findings per file and a context
 * (base folder, tool version, date); returns the report (text, JSON, SARIF, GitHub annotations)
 * in parts, written as they come: a report of millions of calls is never one string (V8 caps a
 * string at ~512 million characters) nor held whole. A new format goes here. Imports engine and
 * rule.
 */
import { visibleText } from '../../text/visibleText';
import { createHash } from 'node:crypto';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ChainLink, Finding } from '../engine';
import type { Confidence } from '../model/confidence';
import {
  REMOVAL_DATE,
  REMOVAL_DATE_TEXT,
  REPLACEMENT,
  RULE_HELP_MARKDOWN,
  RULE_ID,
  RULE_NAME,
  chainText,
  daysUntilRemoval,
  findingMessage,
} from '../rule';

export interface FileFindings {
  path: string;
  findings: Finding[];
}

export type ReportFormat = 'text' | 'json' | 'sarif' | 'github' | 'junit' | 'codequality';

export interface ReportContext {
  /** Paths in the report are relative to this folder (the working directory). */
  base: string;
  toolVersion: string;
  now?: Date;
  /** SARIF's %SRCROOT%: the repository root, so code scanning finds the files (default: base). */
  sourceRoot?: string;
  /** A finding's stable fingerprint (migration/fingerprint), for SARIF's partialFingerprints. */
  fingerprintOf?: (finding: Finding) => string | undefined;
  /** SARIF automationDetails.id: the category that keeps runs of this tool apart in code scanning. */
  category?: string;
  /** GitHub annotations printed at most (default 10, what GitHub shows per step). */
  maxAnnotations?: number;
}

/** GitHub code scanning takes at most this many results per run. */
export const SARIF_MAX_RESULTS = 25_000;

/** A report in the parts it is written in. */
export type ReportParts = Iterable<string>;

/** `file:line:col: warning: message`, one line per finding (1-based line and column). */
export function* textReport(files: readonly FileFindings[], context: ReportContext): ReportParts {
  const messageOf = messageWriter(context.now ?? new Date());
  for (const file of files) {
    const path = displayPath(file.path, context.base);
    for (const finding of file.findings) {
      const where = `${path}:${finding.start.line + 1}:${finding.start.character + 1}`;
      // A terminal or CI log shows it: control characters and bidi overrides are made visible.
      yield visibleText(
        `${where}: warning: ${messageOf(finding.detail, finding.kind, chainOf(finding, context.base))} [${RULE_ID}]\n`,
      );
    }
  }
}

/**
 * A JSON array exactly as `JSON.stringify(items, null, 2)` writes it, and a newline, one item at a
 * time (an item's pretty text indented one level: JSON strings hold no raw line breaks).
 */
function prettyJsonArray(items: Iterable<unknown>): ReportParts {
  return prettyJsonItems(
    mapItems(items, (item) => JSON.stringify(item, null, 2).replace(/\n/g, '\n  ')),
  );
}

/** The array around items written as `JSON.stringify(item, null, 2)` writes them, indented a level. */
function* prettyJsonItems(indentedItems: Iterable<string>): ReportParts {
  let first = true;
  for (const text of indentedItems) {
    yield `${first ? '[\n' : ',\n'}  ${text}`;
    first = false;
  }
  yield first ? '[]\n' : '\n]\n';
}

function* mapItems<T, U>(items: Iterable<T>, map: (item: T) => U): Iterable<U> {
  for (const item of items) yield map(item);
}

/** GitHub shows this many annotations of one kind per step; more are dropped silently. */
export const GITHUB_ANNOTATIONS_SHOWN = 10;

/**
 * GitHub Actions workflow commands: each finding becomes an annotation on the pull request's
 * diff, without setting up code scanning. GitHub shows only 10 per step, so at most
 * `maxAnnotations` (default 10) are printed, then one notice saying how many more there are.
 */
export function githubReport(files: readonly FileFindings[], context: ReportContext): ReportParts {
  const lines: string[] = [];
  const limit = context.maxAnnotations ?? GITHUB_ANNOTATIONS_SHOWN;
  let total = 0;
  for (const file of files) {
    for (const finding of file.findings) {
      if (total++ >= limit) continue;
      const properties = [
        `file=${escapeProperty(displayPath(file.path, context.base))}`,
        `line=${finding.start.line + 1}`,
        `col=${finding.start.character + 1}`,
        `endLine=${finding.end.line + 1}`,
        `endColumn=${finding.end.character + 1}`,
        `title=${escapeProperty(`Deprecated GET /pets/{petId} (${RULE_ID})`)}`,
      ].join(',');
      const message = findingMessage(
        finding.detail,
        finding.kind,
        context.now,
        chainOf(finding, context.base),
      );
      lines.push(`::warning ${properties}::${escapeData(visibleText(message))}`);
    }
  }
  if (total > limit)
    lines.push(
      `::notice title=${escapeProperty('More deprecated calls')}::${escapeData(
        `${total - limit} more calls to GET /pets/{petId} are not annotated (GitHub shows ${GITHUB_ANNOTATIONS_SHOWN} per step): the job summary counts them by folder, or run with --format sarif for code scanning.`,
      )}`,
    );
  return lines.length ? [`${lines.join('\n')}\n`] : [];
}

/** What a baseline said about the scan, for the summary. */
export interface BaselineCounts {
  baselined: number;
  gone: number;
}

/**
 * The Markdown a GitHub Actions job shows as its summary ($GITHUB_STEP_SUMMARY): calls by
 * top-level folder, new against baselined when a baseline was used, and the days left.
 */
export function stepSummaryMarkdown(
  files: readonly FileFindings[],
  context: ReportContext,
  baseline?: BaselineCounts,
): string {
  const byFolder = new Map<string, number>();
  let total = 0;
  for (const file of files) {
    const path = displayPath(file.path, context.base);
    const folder = path.includes('/') ? `${path.slice(0, path.indexOf('/'))}/` : '(root)';
    byFolder.set(folder, (byFolder.get(folder) ?? 0) + file.findings.length);
    total += file.findings.length;
  }
  const days = daysUntilRemoval(context.now);
  const calls = baseline ? 'new calls' : 'calls';
  const lines = [
    '## Deprecated GET /pets/{petId} (getPet)',
    '',
    `Removed on ${REMOVAL_DATE_TEXT}: **${Math.max(0, days)} days left**.`,
    '',
    baseline
      ? `**${total}** new ${total === 1 ? 'call' : 'calls'} (failing the check), ${baseline.baselined} baselined, ${baseline.gone} baselined ${baseline.gone === 1 ? 'call' : 'calls'} removed since the baseline was written.`
      : `**${total}** ${total === 1 ? 'call' : 'calls'} found.`,
    '',
  ];
  if (total) {
    lines.push(`| Folder | ${calls} |`, '| --- | ---: |');
    for (const [folder, count] of [...byFolder].sort(
      (a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1),
    ))
      lines.push(`| \`${folder.replace(/[|`]/g, '')}\` | ${count} |`);
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

/** Workflow command data: %, CR and LF are escaped (GitHub's toolkit escapes the same). */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Workflow command properties: also : and , which separate them. */
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function jsonReport(files: readonly FileFindings[], context: ReportContext): ReportParts {
  return prettyJsonItems(jsonEntryTexts(files, context));
}

/** Messages a report remembers: a tree's calls share a few details (`{…}/pets/{…}`). */
const REMEMBERED_MESSAGES = 1024;

/**
 * findingMessage for every call of one report: one date for all, and each of the first
 * REMEMBERED_MESSAGES details written out once (`write`: as JSON, say), not once per call.
 */
function messageWriter(
  now: Date,
  write: (message: string) => string = (message) => message,
): (detail: string, kind: Finding['kind'], chain?: string) => string {
  const written = new Map<string, string>();
  return (detail, kind, chain) => {
    const key = chain === undefined ? `${kind}:${detail}` : `${kind}:${detail}:${chain}`;
    let text = written.get(key);
    if (text === undefined) {
      text = write(findingMessage(detail, kind, now, chain));
      if (written.size < REMEMBERED_MESSAGES) written.set(key, text);
    }
    return text;
  };
}

/**
 * Each call's entry as `JSON.stringify(entry, null, 2)` writes it (indented a level), composed
 * directly: a dense tree's report holds tens of thousands, and the generic walk cost a tenth of
 * such a scan.
 */
function* jsonEntryTexts(files: readonly FileFindings[], context: ReportContext) {
  const now = context.now ?? new Date();
  const ruleId = JSON.stringify(RULE_ID);
  const messageOf = messageWriter(now, JSON.stringify);
  for (const file of files) {
    const path = JSON.stringify(displayPath(file.path, context.base));
    for (const { start, end, kind, confidence, detail, via } of file.findings)
      yield `{
    "file": ${path},
    "line": ${start.line + 1},
    "column": ${start.character + 1},
    "endLine": ${end.line + 1},
    "endColumn": ${end.character + 1},
    "kind": ${JSON.stringify(kind)},
    "confidence": ${JSON.stringify(confidence)},
    "detail": ${JSON.stringify(detail)},${via ? viaJson(via, context.base) : ''}
    "ruleId": ${ruleId},
    "message": ${messageOf(detail, kind, via && chainText(via, (path) => displayPath(path, context.base)))}
  }`;
  }
}

/** A wrapper call's `via` as its JSON entry writes it: each step's name, file, line and column. */
function viaJson(via: readonly ChainLink[], base: string): string {
  const steps = via.map(
    (link) => `{
        "name": ${JSON.stringify(link.name)},
        "file": ${JSON.stringify(displayPath(link.path, base))},
        "line": ${link.line + 1},
        "column": ${link.character + 1}
      }`,
  );
  return `
    "via": [
      ${steps.join(',\n      ')}
    ],`;
}

/** The chain of a wrapper's call as a message names it, paths shown from `base`. */
function chainOf(finding: Finding, base: string): string | undefined {
  return finding.via && chainText(finding.via, (path) => displayPath(path, base));
}

/**
 * GitLab Code Quality: a JSON array of issues with the documented fields (description,
 * check_name, fingerprint, severity, location.path, location.lines.begin). The fingerprint is the
 * baseline's, so an issue keeps its identity across pipelines; paths are repository-relative.
 */
export function codeQualityReport(
  files: readonly FileFindings[],
  context: ReportContext,
): ReportParts {
  return prettyJsonArray(codeQualityIssues(files, context));
}

function* codeQualityIssues(files: readonly FileFindings[], context: ReportContext) {
  const root = context.sourceRoot ?? context.base;
  for (const file of files) {
    const path = displayPath(file.path, root);
    for (const finding of file.findings)
      yield {
        type: 'issue',
        description: findingMessage(
          finding.detail,
          finding.kind,
          context.now,
          chainOf(finding, root),
        ),
        check_name: RULE_ID,
        categories: ['Compatibility'],
        fingerprint:
          context.fingerprintOf?.(finding) ??
          createHash('md5').update(`${path}:${finding.start.line}:${finding.detail}`).digest('hex'),
        severity: finding.confidence === 'possible' ? 'info' : 'minor',
        location: {
          path,
          lines: { begin: finding.start.line + 1, end: finding.end.line + 1 },
        },
      };
  }
}

/**
 * JUnit XML, which every CI system shows: one test case per file with calls, one failure per
 * call (file:line:column and the message), and one passing case for the rest of the scan.
 */
export function* junitReport(files: readonly FileFindings[], context: ReportContext): ReportParts {
  const calls = files.reduce((total, file) => total + file.findings.length, 0);
  yield [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="petstore-deprecations" tests="${files.length + 1}" failures="${files.length}">`,
    `  <testsuite name="${xml(`Deprecated GET /pets/{petId} (${RULE_ID})`)}" tests="${files.length + 1}" failures="${files.length}" errors="0" skipped="0">`,
    `    <properties><property name="calls" value="${calls}"/><property name="removalDate" value="${REMOVAL_DATE.toISOString().slice(0, 10)}"/></properties>`,
    '',
  ].join('\n');
  for (const file of files) {
    const path = displayPath(file.path, context.base);
    yield `    <testcase classname="${xml(RULE_ID)}" name="${xml(path)}" file="${xml(path)}">\n`;
    for (const finding of file.findings) {
      const where = `${path}:${finding.start.line + 1}:${finding.start.character + 1}`;
      const message = findingMessage(
        finding.detail,
        finding.kind,
        context.now,
        chainOf(finding, context.base),
      );
      yield `      <failure type="${xml(RULE_ID)}" message="${xml(message)}">${xml(`${where}: ${message}`)}</failure>\n`;
    }
    yield '    </testcase>\n';
  }
  yield `    <testcase classname="${xml(RULE_ID)}" name="${xml(`no calls to GET /pets/{petId} in the other files`)}"/>\n  </testsuite>\n</testsuites>\n`;
}

/** Text as XML attribute or element content: the five special characters, and no control characters. */
function xml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- XML 1.0 forbids these characters: replaced.
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '\ufffd')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** SARIF's precision words (GitHub code scanning's vocabulary) for each confidence. */
const SARIF_PRECISION: Record<Confidence, string> = {
  certain: 'very-high',
  likely: 'high',
  possible: 'low',
};
const SARIF_RANK: Record<Confidence, number> = { certain: 90, likely: 60, possible: 20 };

/** SARIF 2.1.0, one result per finding, for code-scanning services (at most SARIF_MAX_RESULTS). */
export function sarifReport(files: readonly FileFindings[], context: ReportContext): string {
  const root = context.sourceRoot ?? context.base;
  const all = files.flatMap((file) => file.findings.map((finding) => ({ file, finding })));
  const kept = all.slice(0, SARIF_MAX_RESULTS);
  const notifications =
    all.length > kept.length
      ? [
          {
            level: 'warning',
            message: {
              text: `${all.length} calls found; only the first ${SARIF_MAX_RESULTS} are in this report (code scanning's limit per run). Scan folders separately or use a baseline.`,
            },
          },
        ]
      : [];
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'petstore-deprecations',
            version: context.toolVersion,
            rules: [
              {
                id: RULE_ID,
                name: RULE_NAME,
                shortDescription: { text: 'Call to the deprecated GET /pets/{petId} (getPet)' },
                fullDescription: {
                  text: `GET /pets/{petId} (operation getPet) is deprecated and removed on ${REMOVAL_DATE.toISOString().slice(0, 10)}. Use ${REPLACEMENT}.`,
                },
                help: {
                  text: `Replace the call with ${REPLACEMENT}. Removal date: ${REMOVAL_DATE.toISOString().slice(0, 10)}.`,
                  markdown: RULE_HELP_MARKDOWN,
                },
                defaultConfiguration: { level: 'warning' },
                properties: {
                  // The rule's precision at the default confidence (certain and likely findings).
                  precision: 'high',
                  tags: ['deprecation', 'api'],
                  removalDate: REMOVAL_DATE.toISOString().slice(0, 10),
                },
              },
            ],
          },
        },
        automationDetails: { id: context.category ?? 'petstore-deprecations/' },
        invocations: [{ executionSuccessful: true, toolExecutionNotifications: notifications }],
        originalUriBaseIds: {
          SRCROOT: { uri: `${pathToFileURL(root).href.replace(/\/?$/, '/')}` },
        },
        results: kept.map(({ file, finding }) => {
          const fingerprint = context.fingerprintOf?.(finding);
          return {
            ruleId: RULE_ID,
            ruleIndex: 0,
            level: finding.confidence === 'possible' ? 'note' : 'warning',
            // Code scanning orders and filters by rank (0 to 100) and the rule's precision.
            rank: SARIF_RANK[finding.confidence],
            message: {
              text: findingMessage(
                finding.detail,
                finding.kind,
                context.now,
                chainOf(finding, root),
              ),
            },
            locations: [
              {
                physicalLocation: {
                  artifactLocation: artifactLocation(file.path, root),
                  region: {
                    startLine: finding.start.line + 1,
                    startColumn: finding.start.character + 1,
                    endLine: finding.end.line + 1,
                    endColumn: finding.end.character + 1,
                  },
                },
              },
            ],
            ...(finding.via ? sarifChain(finding.via, root) : {}),
            // The same fingerprint as the baseline's: re-uploads never duplicate an alert.
            ...(fingerprint ? { partialFingerprints: { 'petstoreCall/v1': fingerprint } } : {}),
            properties: { precision: SARIF_PRECISION[finding.confidence] },
          };
        }),
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

/**
 * A wrapper call's way to the request in SARIF: each step a related location (code scanning links
 * them from the alert), and a code flow when it passes through more than one wrapper.
 */
function sarifChain(via: readonly ChainLink[], root: string) {
  const locations = via.map((link, index) => ({
    id: index + 1,
    physicalLocation: {
      artifactLocation: artifactLocation(link.path, root),
      region: { startLine: link.line + 1, startColumn: link.character + 1 },
    },
    message: { text: index === via.length - 1 ? `request: ${link.name}` : `calls ${link.name}` },
  }));
  if (via.length <= 2) return { relatedLocations: locations };
  return {
    relatedLocations: locations,
    codeFlows: [
      {
        threadFlows: [
          {
            locations: locations.map(({ physicalLocation, message }) => ({
              location: { physicalLocation, message },
            })),
          },
        ],
      },
    ],
  };
}

/**
 * Where a file is, as SARIF wants it: a URI reference relative to %SRCROOT% with every path
 * segment percent-encoded (RFC 3986: names with #, ?, %, spaces or a leading : stay one segment),
 * or an absolute file URI for a file outside the base.
 */
function artifactLocation(path: string, base: string): { uri: string; uriBaseId?: string } {
  const relativePath = relative(base, resolve(base, path));
  if (relativePath.startsWith('..') || isAbsolute(relativePath))
    return { uri: pathToFileURL(resolve(base, path)).href };
  return { uri: relativePath.split(sep).map(encodeURIComponent).join('/'), uriBaseId: 'SRCROOT' };
}

function displayPath(path: string, base: string): string {
  const relativePath = relative(base, path);
  return (relativePath.startsWith('..') ? path : relativePath).split(sep).join('/');
}
