/**
 * The rewrite of one file: each request it sends to GET /pets/{petId} rewritten by the first
 * rewriter of its language that knows the shape, the helpers those rewrites call added once, and
 * every request that cannot be rewritten with confidence listed with the reason and a snippet —
 * never half edited. Pure: text in, edits out.
 */
import type { Finding } from '../engine';
import { isGeneratedFile } from '../crossFile/generatedSource';
import { apiShapeOf } from './apiShape';
import { compiledFrom } from './compiledOutput';
import type { LanguageSupport } from '../lexers/languages';
import { fileStyleOf, type FileStyle } from './fileStyle';
import type { Helper, Rewriter } from './rewriter';
import { OffsetIndex, type TextEdit } from './sourceEdit';

export interface FixedRequest {
  finding: Finding;
  library: string;
  description: string;
}

export interface ManualRequest {
  finding: Finding;
  reason: string;
  snippet?: string;
}

export interface FileFix {
  /** Edits of the file's text, none overlapping. */
  edits: TextEdit[];
  /** Helpers in files of their own (one per Go package): created when absent. */
  created: { path: string; text: string }[];
  fixed: FixedRequest[];
  manual: ManualRequest[];
}

/** Lines this long on average are minified or generated: not rewritten. */
const MINIFIED_LINE_CHARS = 400;

/**
 * Rewrites `requests` (the file's own request findings, kind url or operation) in `text`.
 * `rewriters` are tried in order for each; the first that knows the shape decides.
 */
export function fixFile(
  file: {
    path: string;
    text: string;
    language: LanguageSupport;
    /** Reads a module the file imports (relativeModules), when the front end can. */
    moduleText?: (specifier: string) => string | undefined;
  },
  requests: readonly Finding[],
  rewriters: readonly Rewriter[],
): FileFix {
  const result: FileFix = { edits: [], created: [], fixed: [], manual: [] };
  if (requests.length === 0) return result;
  const { path, text, language } = file;
  const all = (reason: string) => {
    for (const finding of requests) result.manual.push({ finding, reason });
    return result;
  };
  // A file without a lexer (.http) is read by its rewriters from the text alone.
  if (!language.lex && rewriters.length === 0) return all('no rewrite for this kind of file yet');
  const lines = text.split('\n').length;
  if (text.length / lines > MINIFIED_LINE_CHARS)
    return all('a minified or generated file: change its source instead');
  const source = compiledFrom(path, text, file.moduleText);
  if (source)
    return all(`compiled output of ${source} beside it: migrate ${source} and compile it again`);
  const { tokens, comments } = language.lex?.(text) ?? { tokens: [], comments: [] };
  if (isGeneratedFile(text, comments))
    return all(
      'a generated file: regenerate the client from an OpenAPI document whose GET /pets/{petId} is gone (or that marks it deprecated) and call its list operation',
    );
  // The style is read when a rewrite or a snippet first asks for it: a file whose requests are
  // all left for a person (most of a large tree's) never needs it, and reading it is a good part
  // of a file's rewrite. The same style either way: it depends on the text alone.
  let style: FileStyle | undefined;
  const styleOf = () => (style ??= fileStyleOf(text));
  const offsets = new OffsetIndex(text);
  const helpers = new Map<string, Helper>();
  const taken: TextEdit[] = [];
  const apiShape = apiShapeOf(text);
  for (const finding of [...requests].sort(
    (a, b) => a.start.line - b.start.line || a.start.character - b.start.character,
  )) {
    const site = {
      path,
      text,
      tokens,
      language,
      finding,
      url: { start: offsets.offset(finding.start), end: offsets.offset(finding.end) },
      get style() {
        return styleOf();
      },
      ...(file.moduleText ? { moduleText: file.moduleText } : {}),
    };
    // An API that answers other shapes than the Pet Store API's: only a rewrite that reads its
    // list and answers in those shapes would find its pet; the others leave it, saying what was seen.
    const dialect = finding.kind === 'url' ? apiShape(site.url) : undefined;
    let rewrite;
    let library = '';
    for (const rewriter of rewriters) {
      if (dialect && !rewriter.followsApiDialect) continue;
      rewrite = rewriter.rewrite(dialect ? { ...site, dialect } : site);
      library = rewriter.library;
      if (rewrite) break;
    }
    if (!rewrite && dialect) {
      const snippet = rewriters.find((rewriter) => rewriter.snippet)?.snippet?.(site);
      result.manual.push({ finding, reason: dialect.reason, ...(snippet ? { snippet } : {}) });
      continue;
    }
    if (!rewrite) {
      const snippet = rewriters.find((rewriter) => rewriter.snippet)?.snippet?.(site);
      result.manual.push({
        finding,
        reason: isHostlessTestRequest(path, text, site.url)
          ? "a test's request without a host, through a client or helper of the project's: a test of the project's own route goes, or changes, with the route; one of the API is changed by hand"
          : 'no rewrite knows this shape of request yet',
        ...(snippet ? { snippet } : {}),
      });
      continue;
    }
    if ('manual' in rewrite) {
      result.manual.push({ finding, reason: rewrite.manual, snippet: rewrite.snippet });
      continue;
    }
    if (rewrite.edits.some((edit) => taken.some((other) => overlaps(edit, other)))) {
      result.manual.push({ finding, reason: 'another rewrite in the same statement overlaps it' });
      continue;
    }
    const edits = joinedOnOneLine(text, rewrite.edits);
    taken.push(...edits);
    result.edits.push(...edits);
    if (rewrite.helper) helpers.set(rewrite.helper.name, rewrite.helper);
    result.fixed.push({ finding, library, description: rewrite.description });
  }
  // Two helpers may need the same import (`import json`): it is added once, and imports added at
  // one place keep their order by text (sorted, as the file's).
  const imports = new Map<string, TextEdit>();
  for (const helper of helpers.values())
    if (!helper.definedIn(text))
      for (const edit of helper.imports?.(text) ?? [])
        imports.set(`${edit.start}:${edit.end}:${edit.newText}`, edit);
  result.edits.push(
    ...[...imports.values()].sort(
      (a, b) => a.start - b.start || (a.newText < b.newText ? -1 : a.newText > b.newText ? 1 : 0),
    ),
  );
  for (const helper of helpers.values()) {
    if (helper.definedIn(text)) continue;
    if (helper.ownFile) {
      result.created.push({ path: helper.ownFile, text: helper.code });
      continue;
    }
    const { eol } = styleOf();
    if (helper.insertAt !== undefined) {
      result.edits.push({
        start: helper.insertAt,
        end: helper.insertAt,
        // At the file's start, no blank line before it.
        newText: `${helper.insertAt === 0 ? '' : eol}${helper.code}${eol}`,
      });
      continue;
    }
    const ending = /(\r?\n)$/.exec(text)?.[1];
    result.edits.push({
      start: text.length,
      end: text.length,
      newText: `${ending ? '' : eol}${eol}${helper.code}${eol}`,
    });
  }
  return result;
}

function overlaps(a: TextEdit, b: TextEdit): boolean {
  return a.start < b.end && b.start < a.end;
}

/**
 * A rewrite's edits on one line joined into one (the callee and the arguments of a call): the
 * preview and the diff then show the call as it was and as it is, not two halves of it.
 */
function joinedOnOneLine(text: string, edits: readonly TextEdit[]): TextEdit[] {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  const joined: TextEdit[] = [];
  for (const edit of sorted) {
    const last = joined[joined.length - 1];
    const between = last ? text.slice(last.end, edit.start) : '';
    if (last && edit.start >= last.end && !/[\r\n]/.test(between)) {
      joined[joined.length - 1] = {
        start: last.start,
        end: edit.end,
        newText: last.newText + between + edit.newText,
      };
    } else joined.push({ ...edit });
  }
  return joined;
}

const TEST_PATH =
  /(^|[\\/])(tests?|spec|__tests__|integration)[\\/]|(_test|\.test|\.spec|Test|Tests|_spec)\.\w+$|(^|[\\/])test_[^\\/]*\.py$/;

/**
 * A request in a test file to a path without a host that no rewrite knows (`get_api_data("/pets/9")`):
 * a test client the finder does not know, or the project's helper; either way, not changed here.
 */
function isHostlessTestRequest(
  path: string,
  text: string,
  url: { start: number; end: number },
): boolean {
  return (
    TEST_PATH.test(path) &&
    !/https?:\/\/|\{\{|\$\{?[A-Z_]*(URL|HOST|BASE)/i.test(text.slice(url.start, url.end))
  );
}
