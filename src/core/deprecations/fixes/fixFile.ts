/**
 * The rewrite of one file: each request it sends to GET /pets/{petId} rewritten by the first
 * rewriter of its language that knows the shape, the helpers those rewrites call added once, and
 * every request that cannot be rewritten with confidence listed with the reason and a snippet —
 * never half edited. Pure: text in, edits out.
 */
import type { Finding } from '../engine';
import { isGeneratedSource } from '../crossFile/generatedSource';
import type { LanguageSupport } from '../lexers/languages';
import { fileStyleOf } from './fileStyle';
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
  file: { path: string; text: string; language: LanguageSupport },
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
  if (!language.lex) return all('no rewrite for this kind of file yet');
  const lines = text.split('\n').length;
  if (text.length / lines > MINIFIED_LINE_CHARS)
    return all('a minified or generated file: change its source instead');
  const { tokens, comments } = language.lex(text);
  if (isGeneratedSource(comments))
    return all(
      'a generated file: regenerate the client from an OpenAPI document whose GET /pets/{petId} is gone (or that marks it deprecated) and call its list operation',
    );
  const style = fileStyleOf(text);
  const offsets = new OffsetIndex(text);
  const helpers = new Map<string, Helper>();
  const taken: TextEdit[] = [];
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
      style,
    };
    let rewrite;
    let library = '';
    for (const rewriter of rewriters) {
      rewrite = rewriter.rewrite(site);
      library = rewriter.library;
      if (rewrite) break;
    }
    if (!rewrite) {
      result.manual.push({ finding, reason: 'no rewrite knows this shape of request yet' });
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
    taken.push(...rewrite.edits);
    result.edits.push(...rewrite.edits);
    if (rewrite.helper) helpers.set(rewrite.helper.name, rewrite.helper);
    result.fixed.push({ finding, library, description: rewrite.description });
  }
  const imported = new Set<string>();
  for (const helper of helpers.values()) {
    if (helper.definedIn(text)) continue;
    // Helpers of one library in several classes of a file need its import once.
    for (const edit of helper.imports?.(text) ?? []) {
      const key = `${edit.start}\0${edit.end}\0${edit.newText}`;
      if (imported.has(key)) continue;
      imported.add(key);
      result.edits.push(edit);
    }
    if (helper.ownFile) {
      result.created.push({ path: helper.ownFile, text: helper.code });
      continue;
    }
    if (helper.insertAt !== undefined) {
      result.edits.push({
        start: helper.insertAt,
        end: helper.insertAt,
        newText: `${style.eol}${helper.code}${style.eol}`,
      });
      continue;
    }
    const ending = /(\r?\n)$/.exec(text)?.[1];
    result.edits.push({
      start: text.length,
      end: text.length,
      newText: `${ending ? '' : style.eol}${style.eol}${helper.code}${style.eol}`,
    });
  }
  return result;
}

function overlaps(a: TextEdit, b: TextEdit): boolean {
  return a.start < b.end && b.start < a.end;
}
