/**
 * Network failures that a setting fixes, said with the name of that setting: an untrusted
 * certificate, a proxy that wants credentials, refuses the tunnel, or cannot be reached. Each front
 * end names its own settings (VS Code's http.*, or the environment variables of a command line).
 */
export interface NetworkVocabulary {
  proxy: string;
  noProxy: string;
  proxyAuthorization: string;
  trust: string;
  /** How to stop verifying certificates behind a TLS-inspecting proxy, where there is one. */
  strictSSL?: string;
}

export const ENVIRONMENT_VOCABULARY: NetworkVocabulary = {
  proxy: 'HTTPS_PROXY / HTTP_PROXY',
  noProxy: 'NO_PROXY',
  proxyAuthorization: "the proxy URL's user:password",
  trust: 'NODE_EXTRA_CA_CERTS (a PEM file with the certificate authority)',
};

export const VSCODE_VOCABULARY: NetworkVocabulary = {
  proxy: 'the setting http.proxy',
  noProxy: 'http.noProxy',
  proxyAuthorization: 'the setting http.proxyAuthorization',
  trust:
    'the operating system (with the setting http.systemCertificates on) or NODE_EXTRA_CA_CERTS',
  strictSSL: 'the setting http.proxyStrictSSL',
};

const UNTRUSTED_CERTIFICATE = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

interface ErrorFacts {
  code?: string;
  message: string;
  address?: string;
  hostname?: string;
  port?: number;
}

/** The error and its causes, outermost first. */
function chain(error: unknown): ErrorFacts[] {
  const facts: ErrorFacts[] = [];
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const fields = current as Error & Partial<ErrorFacts> & { cause?: unknown };
    facts.push({
      code: typeof fields.code === 'string' ? fields.code : undefined,
      message: current.message,
      address: typeof fields.address === 'string' ? fields.address : undefined,
      hostname: typeof fields.hostname === 'string' ? fields.hostname : undefined,
      port: typeof fields.port === 'number' ? fields.port : undefined,
    });
    current = fields.cause;
  }
  return facts;
}

/**
 * A message that says which setting to change, or undefined when none would help (the caller
 * then says what the network said). `proxyUrl` is the proxy in force for this request, if any.
 */
export function networkAdvice(
  error: unknown,
  origin: string,
  proxyUrl: string | undefined,
  words: NetworkVocabulary,
): string | undefined {
  const facts = chain(error);
  const certificate = facts.find((fact) => fact.code && UNTRUSTED_CERTIFICATE.has(fact.code));
  if (certificate) {
    const proxyHint =
      proxyUrl && words.strictSSL
        ? `; behind a proxy that inspects TLS, ${words.strictSSL} set to false turns the check off`
        : '';
    return `The certificate of ${origin} is not trusted (${certificate.code}): trust its certificate authority through ${words.trust}${proxyHint}`;
  }
  if (!proxyUrl) return undefined;
  const proxy = new URL(proxyUrl);
  const status = facts
    .map((fact) => /Proxy response \((\d{3})\)/.exec(fact.message)?.[1])
    .find((found) => found !== undefined);
  if (status === '407')
    return `The proxy ${proxy.host} asks for credentials (407): set ${words.proxyAuthorization}`;
  if (status)
    return `The proxy ${proxy.host} would not connect to ${origin} (${status}): check ${words.proxy} and ${words.noProxy}`;
  const proxyPort = Number(proxy.port || (proxy.protocol === 'https:' ? 443 : 80));
  const unreachable = facts.find(
    (fact) =>
      fact.code &&
      UNREACHABLE.has(fact.code) &&
      (fact.hostname === proxy.hostname ||
        (fact.address !== undefined &&
          fact.address === proxy.hostname.replace(/^\[|\]$/g, '') &&
          (fact.port === undefined || fact.port === proxyPort))),
  );
  if (unreachable)
    return `Could not reach the proxy ${proxy.host} (${unreachable.code}): check ${words.proxy}`;
  return undefined;
}
