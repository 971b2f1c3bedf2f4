/** The rewriters of each language, tried in order: the first that knows a request's shape decides. */
import type { LanguageFamily } from '../lexers/languages';
import { netHttpRewriter } from './go/netHttpRewriter';
import { javaHttpClientRewriter } from './java/httpClientRewriter';
import { fetchRewriter } from './javascript/fetchRewriter';
import type { Rewriter } from './rewriter';

const REWRITERS: Partial<Record<LanguageFamily, readonly Rewriter[]>> = {
  javascript: [fetchRewriter],
  go: [netHttpRewriter],
  java: [javaHttpClientRewriter],
};

export function rewritersFor(family: LanguageFamily): readonly Rewriter[] {
  return REWRITERS[family] ?? [];
}
