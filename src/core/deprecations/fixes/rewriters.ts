/** The rewriters of each language, tried in order: the first that knows a request's shape decides. */
import type { LanguageFamily } from '../lexers/languages';
import { fetchRewriter } from './javascript/fetchRewriter';
import { guzzleRewriter } from './php/guzzleRewriter';
import { laravelHttpRewriter } from './php/laravelHttpRewriter';
import { faradayRewriter } from './ruby/faradayRewriter';
import { netHttpRewriter } from './ruby/netHttpRewriter';
import type { Rewriter } from './rewriter';

const REWRITERS: Partial<Record<LanguageFamily, readonly Rewriter[]>> = {
  javascript: [fetchRewriter],
  php: [laravelHttpRewriter, guzzleRewriter],
  ruby: [netHttpRewriter, faradayRewriter],
};

export function rewritersFor(family: LanguageFamily): readonly Rewriter[] {
  return REWRITERS[family] ?? [];
}
