/** The rewriters of each language, tried in order: the first that knows a request's shape decides. */
import type { LanguageFamily } from '../lexers/languages';
import { csharpHttpClientRewriter } from './csharp/httpClientRewriter';
import { netHttpRewriter } from './go/netHttpRewriter';
import { declaredClientRewriter } from './java/declaredClients';
import { javaHttpClientRewriter } from './java/httpClientRewriter';
import { restTemplateRewriter, webClientRewriter } from './java/springRewriters';
import { fetchRewriter } from './javascript/fetchRewriter';
import { kotlinHttpClientRewriter } from './kotlin/httpClientRewriter';
import { ktorRewriter } from './kotlin/ktorRewriter';
import type { Rewriter } from './rewriter';

const REWRITERS: Partial<Record<LanguageFamily, readonly Rewriter[]>> = {
  javascript: [fetchRewriter],
  go: [netHttpRewriter],
  java: [javaHttpClientRewriter, restTemplateRewriter, webClientRewriter, declaredClientRewriter],
  kotlin: [kotlinHttpClientRewriter, ktorRewriter, declaredClientRewriter],
  csharp: [csharpHttpClientRewriter],
};

export function rewritersFor(family: LanguageFamily): readonly Rewriter[] {
  return REWRITERS[family] ?? [];
}
