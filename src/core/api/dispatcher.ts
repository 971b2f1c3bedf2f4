import { Agent, EnvHttpProxyAgent, ProxyAgent, type Dispatcher } from 'undici';

export interface DispatcherOptions {
  /** An explicit proxy (e.g. from the editor's http.proxy setting); wins over the environment. */
  proxyUrl?: string;
}

/**
 * The connection pool for API requests: an explicit proxy when given, otherwise one that honours
 * HTTP_PROXY / HTTPS_PROXY / NO_PROXY from the environment (and a direct connection without them).
 */
export function createDispatcher(options: DispatcherOptions = {}): Dispatcher {
  if (options.proxyUrl) return new ProxyAgent(options.proxyUrl);
  const env = process.env;
  const hasProxyVariables = ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy'].some(
    (name) => env[name],
  );
  return hasProxyVariables ? new EnvHttpProxyAgent() : new Agent();
}
