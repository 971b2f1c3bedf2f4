/**
 * Which axios a file's project allows, as far as the helper's 404 error depends on it: axios 0.27
 * (May 2022) added the AxiosError class; 0.21 to 0.26 threw an Error enhanced with the same fields
 * (`enhanceError`), and `new axios.AxiosError` is a TypeError there. The range is read from the
 * nearest package.json above the file that names axios (dependencies, devDependencies,
 * peerDependencies; all of them when it names it more than once), within the repository.
 */
import { join } from 'node:path';
import { projectFilesOf } from '../projectFiles';

/**
 * How the helper throws axios's 404: `new axios.AxiosError` (every allowed version has it), an
 * enhanced Error (none has it), or whichever the axios it runs with has — when the range allows
 * both, or cannot be read (no package.json names axios, a range that is not a version such as
 * `latest` or `workspace:*`, the browser, a text with no file).
 */
export type AxiosErrorKind = 'class' | 'enhanced' | 'either';

const DEPENDENCIES = ['dependencies', 'devDependencies', 'peerDependencies'] as const;
/** The first version with AxiosError, as a number (see versionNumber). */
const FIRST_WITH_CLASS = versionNumber(0, 27, 0);

export function axiosErrorKindOf(path: string): AxiosErrorKind {
  const project = projectFilesOf(path);
  if (!project) return 'either';
  for (const folder of project.folders) {
    if (!project.names(folder).includes('package.json')) continue;
    const ranges = axiosRanges(project.read(join(folder, 'package.json')));
    if (ranges.length) return kindOfRanges(ranges);
  }
  return 'either';
}

function axiosRanges(text: string | undefined): string[] {
  let manifest: unknown;
  try {
    manifest = JSON.parse(text ?? '');
  } catch {
    return [];
  }
  if (typeof manifest !== 'object' || manifest === null) return [];
  return DEPENDENCIES.flatMap((field) => {
    const range = (manifest as Record<string, Record<string, unknown> | undefined>)[field]?.axios;
    return typeof range === 'string' ? [range] : [];
  });
}

export function kindOfRanges(ranges: readonly string[]): AxiosErrorKind {
  let before = false;
  let after = false;
  for (const range of ranges) {
    const intervals = versionIntervals(range);
    if (!intervals) return 'either';
    for (const [low, high] of intervals) {
      if (low >= high) continue;
      before ||= low < FIRST_WITH_CLASS;
      after ||= high > FIRST_WITH_CLASS;
    }
  }
  if (before && after) return 'either';
  return before ? 'enhanced' : after ? 'class' : 'either';
}

/** A version as one number that compares as versions do (minor and patch below 10,000). */
function versionNumber(major: number, minor: number, patch: number): number {
  return major * 1e8 + minor * 1e4 + patch;
}

/** `1`, `1.2`, `1.2.x`, `1.2.3-beta.1`: the numbers given (a wildcard ends them); undefined if not a version. */
function partialVersion(text: string): number[] | undefined {
  const match = /^v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:[-+][\w.+-]*)?$/.exec(text);
  if (!match) return undefined;
  const numbers: number[] = [];
  for (const part of match.slice(1)) {
    if (part === undefined || !/^\d+$/.test(part)) break;
    numbers.push(Number(part));
  }
  return numbers;
}

/** The lowest version a partial one stands for: `1.2` is 1.2.0. */
function lowest(parts: readonly number[]): number {
  return versionNumber(parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0);
}

/** The first version above all a partial one stands for: `1.2` → 1.3.0, `1.2.3` → 1.2.4. */
function pastAll(parts: readonly number[]): number {
  if (parts.length === 0) return Infinity;
  if (parts.length === 1) return versionNumber(parts[0]! + 1, 0, 0);
  if (parts.length === 2) return versionNumber(parts[0]!, parts[1]! + 1, 0);
  return lowest(parts) + 1;
}

/**
 * npm's range as intervals [lowest allowed, first not allowed) of version numbers, one per `||`
 * alternative; undefined when it is not a range of versions (a tag, a URL, `workspace:`).
 */
function versionIntervals(range: string): [number, number][] | undefined {
  const plain = range.trim().replace(/^npm:(?:@[^/]+\/)?[^@]+@/, '');
  const intervals: [number, number][] = [];
  for (const alternative of plain.split('||')) {
    const text = alternative.trim().replace(/(>=|<=|[<>=^~])\s+/g, '$1');
    const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(text);
    if (hyphen) {
      const from = partialVersion(hyphen[1]!);
      const to = partialVersion(hyphen[2]!);
      if (!from || !to) return undefined;
      intervals.push([lowest(from), pastAll(to)]);
      continue;
    }
    let low = 0;
    let high = Infinity;
    for (const comparator of text === '' ? [] : text.split(/\s+/)) {
      const [, operator = '', version = ''] = /^(>=|<=|[<>=^~]?)(.*)$/.exec(comparator)!;
      const parts = partialVersion(version);
      if (!parts) return undefined;
      const [from, to] = comparatorInterval(operator, parts);
      low = Math.max(low, from);
      high = Math.min(high, to);
    }
    intervals.push([low, high]);
  }
  return intervals;
}

function comparatorInterval(operator: string, parts: readonly number[]): [number, number] {
  const [major = 0, minor = 0] = parts;
  switch (operator) {
    case '^':
      // Up to the next change of the first number that is not 0 (or of the last one given).
      if (major > 0 || parts.length <= 1) return [lowest(parts), pastAll(parts.slice(0, 1))];
      if (minor > 0 || parts.length === 2) return [lowest(parts), pastAll(parts.slice(0, 2))];
      return [lowest(parts), pastAll(parts)];
    case '~':
      return [lowest(parts), pastAll(parts.slice(0, Math.max(1, Math.min(2, parts.length))))];
    case '>=':
      return [lowest(parts), Infinity];
    case '>':
      return [pastAll(parts), Infinity];
    case '<':
      return [0, parts.length ? lowest(parts) : 0];
    case '<=':
      return [0, pastAll(parts)];
    default:
      return [lowest(parts), pastAll(parts)];
  }
}
