import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici';

export interface DispatcherOptions {
  /** An explicit proxy (the editor's http.proxy); wins over the environment's variables. */
  proxyUrl?: string;
  /** Hosts reached without the explicit proxy (http.noProxy): names, `.domain` suffixes, `*`. */
  noProxy?: readonly string[];
  /** Verify certificates on connections through the proxy (http.proxyStrictSSL; default true). */
  proxyStrictSSL?: boolean;
  /** The Proxy-Authorization header value (http.proxyAuthorization). */
  proxyAuthorization?: string;
  /** The certificate authorities to trust (trustStore.ts); Node's own when absent. */
  ca?: readonly string[];
}

/**
 * The connection pool for API requests: an explicit proxy when given (plain forwarding for http,
 * a CONNECT tunnel for https; the noProxy hosts direct), otherwise one that honours HTTP_PROXY /
 * HTTPS_PROXY / NO_PROXY from the environment, and a direct connection without them.
 */
export function createDispatcher(options: DispatcherOptions = {}): Dispatcher {
  const trust = options.ca ? { ca: [...options.ca] } : {};
  if (options.proxyUrl) {
    const verify = { ...trust, rejectUnauthorized: options.proxyStrictSSL !== false };
    return new EnvHttpProxyAgent({
      httpProxy: options.proxyUrl,
      httpsProxy: options.proxyUrl,
      noProxy: (options.noProxy ?? []).join(','),
      connect: trust,
      requestTls: verify,
      proxyTls: verify,
      proxyTunnel: false,
      ...(options.proxyAuthorization ? { token: options.proxyAuthorization } : {}),
    });
  }
  const env = process.env;
  const hasProxyVariables = ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy'].some(
    (name) => env[name],
  );
  return hasProxyVariables
    ? new EnvHttpProxyAgent({ connect: trust, requestTls: trust })
    : new Agent({ connect: trust });
}
