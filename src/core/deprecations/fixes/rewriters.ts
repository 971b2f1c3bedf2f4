/** The rewriters of each language, tried in order: the first that knows a request's shape decides. */
import type { LanguageFamily } from '../lexers/languages';
import { axiosRewriter } from './javascript/axiosRewriter';
import { fetchRewriter } from './javascript/fetchRewriter';
import type { Rewriter } from './rewriter';

const REWRITERS: Partial<Record<LanguageFamily, readonly Rewriter[]>> = {
  javascript: [fetchRewriter, axiosRewriter],
};

export function rewritersFor(family: LanguageFamily): readonly Rewriter[] {
  return REWRITERS[family] ?? [];
}
