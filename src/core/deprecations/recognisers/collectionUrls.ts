/**
 * URLs built from a named collection URL: `petsUrl = BASE + '/pets'` (a constant, a field set in a
 * constructor, `this.entityUrl`, a shell `URL_PATH=/pets`), then the request made with
 * `${petsUrl}/${id}` or `this.url + '/' + id`. The name stands for `…/pets` in the chain, which is
 * then judged as any URL. Only names the same file binds to such a URL count. A collection URL
 * that ends with a slash (`path = "http://host/pets/"`) is completed by any operand:
 * `this.path + id`.
 */
import { includesPetsPath } from '../model/petPath';
import { HOLE, HOLE_CHAR, renderParts, type Token } from '../model/tokens';
import { chainStart, nextSignificant, previousSignificant } from '../model/tokenWalk';
import {
  extendChain,
  joinBefore,
  judgeUrl,
  leftOperandStart,
  operandEnd,
  type HoleNames,
  type RawFinding,
  type ScanOptions,
} from './urlScanner';
import { scanFormatArguments } from './formatArguments';
import { namedSegmentCollection } from './segmentJoins';

/** A rendered URL that is the pets collection: `/pets`, `{…}/pets`, `pets/`. */
const COLLECTION = new RegExp(`(?:^|/|${HOLE_CHAR})[pP]ets/?$`);

/** Interpolations in a string's source, in order: ${a.b}, #{a}, \(a), {a}, {$a->b}, $a. */
const INTERPOLATION =
  /\$\{\s*([\w.$@>-]+?)\s*\}|#\{\s*([\w.@]+)\s*\}|\\\(\s*([\w.]+)\s*\)|\{\$?([\w.$>-]+)\}|\$([A-Za-z_]\w*(?:->\w+)?)/g;

export function scanCollectionUrls(
  tokens: readonly Token[],
  strings: readonly number[],
  options: ScanOptions,
): RawFinding[] {
  const collections = collectionNames(tokens, strings, options);
  if (collections.size === 0) return [];
  const rendered = (name: string | undefined) =>
    name === undefined ? undefined : collections.get(name);
  const names: HoleNames = {
    inString: (token, hole) => rendered(holeNamesOf(token)[hole]),
    operand: (first, last) => rendered(lastName(tokens, first, last)),
  };
  const findings: RawFinding[] = scanSlashedOperands(tokens, collections, options);
  for (const finding of scanFormatArguments(
    tokens,
    strings,
    (first, last) => names.operand(first, last),
    options,
  ))
    findings.push(finding);
  let next = 0;
  for (const i of strings) {
    if (i < next || !tokens[i]!.parts) continue;
    const plain = extendChain(tokens, i, options);
    next = plain.last + 1;
    // A chain that names the path itself is the URL scanner's.
    if (includesPetsPath(plain.rendered)) continue;
    const start = leftOperandStart(tokens, i, options);
    const operator = previousSignificant(tokens, i - 1);
    const left = start < i ? names.operand(start, previousSignificant(tokens, operator - 1)) : '';
    const named = extendChain(tokens, i, options, names);
    const rendered =
      start < i ? (left ?? HOLE_CHAR) + joinBefore(tokens, i) + named.rendered : named.rendered;
    if (!includesPetsPath(rendered)) continue;
    const finding = judgeUrl(tokens, {
      first: start,
      last: named.last,
      methodSite: start,
      rendered,
      shell: options.shell,
    });
    if (finding) findings.push(finding);
  }
  return findings;
}

/**
 * The names the file binds to the pets collection's URL, by their last part (`this.entityUrl`:
 * `entityUrl`): `name = …/pets`, `name: string = …`, `private name = …`, `NAME=/pets` in shell.
 */
function collectionNames(
  tokens: readonly Token[],
  strings: readonly number[],
  options: ScanOptions,
): Map<string, string> {
  const names = new Map<string, string>();
  for (const i of strings) {
    const token = tokens[i]!;
    if (!token.parts) continue;
    if (options.shell) {
      const assignment = /^([A-Za-z_]\w*)=(.*)$/s.exec(renderParts(token.parts));
      if (assignment && COLLECTION.test(assignment[2]!))
        names.set(assignment[1]!, collectionText(assignment[2]!));
      continue;
    }
    // `let petsURL = base.appendingPathComponent("pets")`: a segment chain ending with "pets".
    const segments = namedSegmentCollection(tokens, i);
    if (segments) {
      names.set(plainName(segments.name), `${HOLE_CHAR}/pets`);
      continue;
    }
    const chain = extendChain(tokens, i, options);
    if (!COLLECTION.test(chain.rendered)) continue;
    const start = leftOperandStart(tokens, i, options);
    const name = boundName(tokens, start);
    if (name) names.set(name, collectionText(chain.rendered));
  }
  return names;
}

/** What a collection name stands for in a chain: `{…}/pets`, or `{…}/pets/` with its slash. */
function collectionText(value: string): string {
  return value.endsWith('/') ? `${HOLE_CHAR}/pets/` : `${HOLE_CHAR}/pets`;
}

/**
 * `this.path + id` with `path = "…/pets/"`: a chain of a slashed collection name and one operand
 * that is not a string (those chains start at their strings). Longer chains are left alone.
 */
function scanSlashedOperands(
  tokens: readonly Token[],
  collections: ReadonlyMap<string, string>,
  options: ScanOptions,
): RawFinding[] {
  const slashed = new Set(
    [...collections].filter(([, text]) => text.endsWith('/')).map(([n]) => n),
  );
  const findings: RawFinding[] = [];
  if (slashed.size === 0) return findings;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind !== 'ident' || !slashed.has(plainName(token.text))) continue;
    const operator = nextSignificant(tokens, i + 1);
    const text = operator >= 0 ? tokens[operator]!.text : '';
    if (!options.concatenation.has(text) || text.endsWith('=')) continue;
    const operand = nextSignificant(tokens, operator + 1);
    if (operand < 0 || tokens[operand]!.kind === 'string') continue;
    const end = operandEnd(tokens, operand);
    if (end < 0) continue;
    const after = nextSignificant(tokens, end + 1);
    if (after >= 0 && options.concatenation.has(tokens[after]!.text)) continue;
    const start = chainStart(tokens, i);
    if (options.concatenation.has(tokens[previousSignificant(tokens, start - 1)]?.text ?? ''))
      continue;
    const finding = judgeUrl(tokens, {
      first: start,
      last: end,
      methodSite: start,
      rendered: `${HOLE_CHAR}/pets/${HOLE_CHAR}`,
      shell: options.shell,
    });
    if (finding) findings.push(finding);
  }
  return findings;
}

/** The name an expression starting at `start` is assigned to: `x = `, `x: T = `, `x: `. */
function boundName(tokens: readonly Token[], start: number): string | undefined {
  const operator = previousSignificant(tokens, start - 1);
  const text = operator >= 0 ? tokens[operator]!.text : '';
  if (text !== '=' && text !== ':=' && text !== ':' && text !== '??=') return undefined;
  let name = previousSignificant(tokens, operator - 1);
  // A type between the name and `=`: `url: string = …`, `val url: String = …`, Rust's
  // `const PETS: &str = …`.
  if (text === '=')
    for (let k = name; k >= 1 && k >= name - 4; k--)
      if (tokens[k]!.text === ':' && tokens[k - 1]!.kind === 'ident') {
        name = k - 1;
        break;
      }
  const token = tokens[name];
  return token?.kind === 'ident' ? plainName(token.text) : undefined;
}

/** The last identifier of an operand `this.url`, `self.base_url`, `$this->url`: its name. */
function lastName(tokens: readonly Token[], first: number, last: number): string | undefined {
  if (last < first || last - first > 6) return undefined;
  for (let i = first; i <= last; i++) {
    const token = tokens[i]!;
    if (token.kind === 'punct' && !['.', '->', '?.', '::'].includes(token.text)) return undefined;
  }
  const token = tokens[last]!;
  return token.kind === 'ident' ? plainName(token.text) : undefined;
}

/** The name of each of a string's holes, read from its source; all undefined if they disagree. */
function holeNamesOf(token: Token): (string | undefined)[] {
  const holes = token.parts!.filter((part) => part === HOLE).length;
  const found: (string | undefined)[] = [];
  for (const match of token.text.matchAll(INTERPOLATION)) {
    const expression = match.slice(1).find((group) => group !== undefined)!;
    found.push(/^[\w.$@>-]+$/.test(expression) ? plainName(expression) : undefined);
  }
  return found.length === holes ? found : [];
}

/** `this.entityUrl` -> `entityUrl`, `$this->url` -> `url`, `@url` -> `url`, `$URL` -> `URL`. */
function plainName(expression: string): string {
  const last = expression.split(/\.|->/).pop() ?? expression;
  return last.replace(/^[$@]+/, '');
}
