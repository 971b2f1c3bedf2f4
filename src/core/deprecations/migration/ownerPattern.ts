/**
 * A CODEOWNERS pattern, matched over path segments in polynomial time: a pattern from a hostile
 * file (many `**` folders, a segment like `a*a*a*a*b`) cannot make a match backtrack for minutes,
 * as a regular expression would. Gitignore's rules with GitHub's one difference: `docs/*` owns the files directly in
 * docs/, not deeper ones. A pattern with a '/' before its end is anchored at the root; otherwise it
 * matches at any depth. A pattern names a file or a folder: everything below a matching folder
 * matches too.
 */
export interface OwnerPattern {
  /** Segments to match, `**` standing for any number of folders (unanchored: one comes first). */
  segments: readonly string[];
  /** The pattern ends in `/*`: the path must end where the pattern does. */
  oneLevel: boolean;
  /** The pattern ends in `/`: it names a folder, so something must be below the match. */
  directoryOnly: boolean;
  /** A literal the path must hold for the pattern to match, for the rules' index. */
  key?: string;
}

/** Longest pattern and most wildcards read; a longer one is skipped with a note. */
export const MAX_PATTERN_LENGTH = 1024;
export const MAX_PATTERN_WILDCARDS = 64;

const ANY_FOLDERS = '**';

/** The pattern's problem when it is too long or too wild to be worth matching. */
export function patternSizeProblem(pattern: string): string | undefined {
  if (pattern.length > MAX_PATTERN_LENGTH)
    return `the pattern is longer than ${MAX_PATTERN_LENGTH} characters`;
  const wildcards = pattern.match(/[*?]/g)?.length ?? 0;
  if (wildcards > MAX_PATTERN_WILDCARDS)
    return `the pattern has more than ${MAX_PATTERN_WILDCARDS} wildcards`;
  return undefined;
}

export function ownerPattern(pattern: string): OwnerPattern {
  const directoryOnly = pattern.endsWith('/');
  let body = directoryOnly ? pattern.slice(0, -1) : pattern;
  const anchored = body.includes('/');
  if (body.startsWith('/')) body = body.slice(1);
  const oneLevel = body.endsWith('/*');
  const written = body.split('/');
  const segments = anchored ? written : [ANY_FOLDERS, ...written];
  return { segments, oneLevel, directoryOnly, key: indexKey(anchored, written) };
}

/**
 * A literal every matching path holds: its leading folders (an anchored pattern's literal leading
 * segments), a segment anywhere (a one-segment literal), or a segment's extension (`*.js`).
 */
function indexKey(anchored: boolean, written: readonly string[]): string | undefined {
  const first = written[0]!;
  if (anchored) {
    let literal = 0;
    while (literal < written.length && isLiteral(written[literal]!)) literal++;
    return literal ? prefixKey(written.slice(0, literal).join('/')) : undefined;
  }
  if (written.length !== 1) return undefined;
  if (isLiteral(first)) return segmentKey(first);
  const tail = first.slice(Math.max(first.lastIndexOf('*'), first.lastIndexOf('?')) + 1);
  const dot = tail.lastIndexOf('.');
  return dot >= 0 && dot < tail.length - 1 ? extensionKey(tail.slice(dot + 1)) : undefined;
}

/** The keys under which a path's candidate rules are indexed. */
export function pathKeys(segments: readonly string[]): string[] {
  const keys: string[] = [];
  let prefix = '';
  for (const segment of segments) {
    prefix = prefix ? `${prefix}/${segment}` : segment;
    keys.push(prefixKey(prefix));
    keys.push(segmentKey(segment));
    const dot = segment.lastIndexOf('.');
    if (dot >= 0 && dot < segment.length - 1) keys.push(extensionKey(segment.slice(dot + 1)));
  }
  return keys;
}

const prefixKey = (folders: string) => `prefix:${folders}`;
const segmentKey = (segment: string) => `segment:${segment}`;
const extensionKey = (extension: string) => `extension:${extension}`;

function isLiteral(segment: string): boolean {
  return !/[*?]/.test(segment);
}

/** Whether the pattern matches the path (repository-relative, split at '/'). */
export function matchesPath(pattern: OwnerPattern, path: readonly string[]): boolean {
  const { segments, oneLevel, directoryOnly } = pattern;
  const last = segments.length - 1;
  // known[i * (n + 1) + j]: 0 not yet known, 1 matches, 2 does not.
  const n = path.length;
  const known = new Uint8Array((segments.length + 1) * (n + 1));
  const from = (i: number, j: number): boolean => {
    const slot = i * (n + 1) + j;
    if (known[slot]) return known[slot] === 1;
    let result: boolean;
    if (i === segments.length) result = oneLevel ? j === n : directoryOnly ? j < n : true;
    else if (segments[i] === ANY_FOLDERS) {
      if (i === last)
        result = j < n; // a trailing `**`: anything below
      else {
        result = false;
        for (let k = j; k <= n && !result; k++) result = from(i + 1, k);
      }
    } else result = j < n && globMatches(segments[i]!, path[j]!) && from(i + 1, j + 1);
    known[slot] = result ? 1 : 2;
    return result;
  };
  return from(0, 0);
}

/**
 * One segment against `*` and `?` (never '/'): the greedy walk that goes back only to the last
 * star, at most (text × glob) steps, never exponential.
 */
export function globMatches(glob: string, text: string): boolean {
  let g = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (g < glob.length && (glob[g] === '?' || (glob[g] !== '*' && glob[g] === text[t]))) {
      g++;
      t++;
    } else if (g < glob.length && glob[g] === '*') {
      star = g++;
      resume = t;
    } else if (star >= 0) {
      g = star + 1;
      t = ++resume;
    } else return false;
  }
  while (g < glob.length && glob[g] === '*') g++;
  return g === glob.length;
}
