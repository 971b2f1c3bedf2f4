/** The rewriters of each language, tried in order: the first that knows a request's shape decides. */
import type { LanguageFamily } from '../lexers/languages';
import { csharpHttpClientRewriter } from './csharp/httpClientRewriter';
import { csharpProjectHelperRewriter } from './csharp/projectHelperRewriter';
import { netHttpRewriter as goNetHttpRewriter } from './go/netHttpRewriter';
import {
  generatedClientManual,
  generatedJavaScriptRewriter,
  generatedPythonRewriter,
} from './generated/generatedRewriters';
import { httpFileRewriter } from './http/httpFileRewriter';
import { declaredClientRewriter } from './java/declaredClients';
import { javaHttpClientRewriter } from './java/httpClientRewriter';
import { feignRewriter } from './java/feignRewriter';
import { okHttpRewriter } from './java/okHttpRewriter';
import { retrofitRewriter } from './java/retrofitRewriter';
import { restTemplateRewriter, webClientRewriter } from './java/springRewriters';
import { angularHttpRewriter } from './javascript/angularHttpRewriter';
import { angularJsHttpRewriter } from './javascript/angularJsHttpRewriter';
import { axiosRewriter } from './javascript/axiosRewriter';
import { angularLegacyHttpRewriter } from './javascript/angularLegacyHttpRewriter';
import { fetchRewriter } from './javascript/fetchRewriter';
import { rtkQueryRewriter } from './javascript/rtkQueryRewriter';
import { superagentRewriter } from './javascript/superagentRewriter';
import { ofetchRewriter } from './javascript/ofetchRewriter';
import { jqueryRewriter } from './javascript/jqueryRewriter';
import { miniProgramRewriter } from './javascript/miniProgramRewriter';
import { kotlinHttpClientRewriter } from './kotlin/httpClientRewriter';
import { ktorRewriter } from './kotlin/ktorRewriter';
import { kotlinRetrofitRewriter } from './kotlin/retrofitRewriter';
import { urlSessionRewriter } from './swift/urlSessionRewriter';
import { fileGetContentsRewriter } from './php/fileGetContentsRewriter';
import { guzzleRewriter } from './php/guzzleRewriter';
import { laravelHttpRewriter } from './php/laravelHttpRewriter';
import { dartHttpRewriter } from './dart/httpRewriter';
import { dioRewriter } from './dart/dioRewriter';
import { aiohttpRewriter } from './python/aiohttpRewriter';
import { httpxRewriter } from './python/httpxRewriter';
import { requestsRewriter } from './python/requestsRewriter';
import { urllibRewriter } from './python/urllibRewriter';
import type { Rewriter } from './rewriter';
import { faradayRewriter } from './ruby/faradayRewriter';
import { httpartyRewriter } from './ruby/httpartyRewriter';
import { netHttpRewriter } from './ruby/netHttpRewriter';
import { curlRewriter } from './shell/curlRewriter';

const REWRITERS: Partial<Record<LanguageFamily, readonly Rewriter[]>> = {
  javascript: [
    generatedJavaScriptRewriter,
    fetchRewriter,
    superagentRewriter,
    ofetchRewriter,
    axiosRewriter,
    angularHttpRewriter,
    angularLegacyHttpRewriter,
    angularJsHttpRewriter,
    jqueryRewriter,
    rtkQueryRewriter,
    miniProgramRewriter,
  ],
  python: [
    generatedPythonRewriter,
    requestsRewriter,
    httpxRewriter,
    urllibRewriter,
    aiohttpRewriter,
  ],
  go: [generatedClientManual, goNetHttpRewriter],
  java: [
    generatedClientManual,
    javaHttpClientRewriter,
    okHttpRewriter,
    restTemplateRewriter,
    webClientRewriter,
    feignRewriter,
    retrofitRewriter,
    declaredClientRewriter,
  ],
  kotlin: [
    generatedClientManual,
    kotlinHttpClientRewriter,
    ktorRewriter,
    kotlinRetrofitRewriter,
    declaredClientRewriter,
  ],
  csharp: [generatedClientManual, csharpHttpClientRewriter, csharpProjectHelperRewriter],
  php: [generatedClientManual, laravelHttpRewriter, guzzleRewriter, fileGetContentsRewriter],
  ruby: [generatedClientManual, netHttpRewriter, faradayRewriter, httpartyRewriter],
  dart: [dartHttpRewriter, dioRewriter, generatedClientManual],
  swift: [generatedClientManual, urlSessionRewriter],
  rust: [generatedClientManual],
  shell: [curlRewriter],
  http: [httpFileRewriter],
};

export function rewritersFor(family: LanguageFamily): readonly Rewriter[] {
  return REWRITERS[family] ?? [];
}
