/** The rewriters of each language, tried in order: the first that knows a request's shape decides. */
import type { LanguageFamily } from '../lexers/languages';
import { httpFileRewriter } from './http/httpFileRewriter';
import { axiosRewriter } from './javascript/axiosRewriter';
import { fetchRewriter } from './javascript/fetchRewriter';
import { httpxRewriter } from './python/httpxRewriter';
import { requestsRewriter } from './python/requestsRewriter';
import { urllibRewriter } from './python/urllibRewriter';
import { guzzleRewriter } from './php/guzzleRewriter';
import { laravelHttpRewriter } from './php/laravelHttpRewriter';
import { faradayRewriter } from './ruby/faradayRewriter';
import { netHttpRewriter } from './ruby/netHttpRewriter';
import type { Rewriter } from './rewriter';
import { curlRewriter } from './shell/curlRewriter';

const REWRITERS: Partial<Record<LanguageFamily, readonly Rewriter[]>> = {
  javascript: [fetchRewriter, axiosRewriter],
  python: [requestsRewriter, httpxRewriter, urllibRewriter],
  shell: [curlRewriter],
  http: [httpFileRewriter],
  php: [laravelHttpRewriter, guzzleRewriter],
  ruby: [netHttpRewriter, faradayRewriter],
};

export function rewritersFor(family: LanguageFamily): readonly Rewriter[] {
  return REWRITERS[family] ?? [];
}
