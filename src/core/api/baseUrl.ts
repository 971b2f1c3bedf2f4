/**
 * Checks an environment's base address: http(s), no credentials, query or fragment, and ending in
 * the version segment `/v1` (spec 9.1). Returns it normalized without a trailing slash.
 */
export function parseBaseUrl(text: string): { url: URL } | { error: string } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { error: `"${text}" is not a valid URL` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { error: `The base URL must use http or https, not ${url.protocol}` };
  }
  if (url.username || url.password) {
    return { error: 'The base URL must not contain a user name or password' };
  }
  if (url.search || url.hash) {
    return { error: 'The base URL must not contain a query or fragment' };
  }
  url.pathname = url.pathname.replace(/\/+$/, '');
  if (!url.pathname.endsWith('/v1')) {
    return { error: `The base URL must end with /v1 (got ${url.pathname || '/'})` };
  }
  return { url };
}

/** True for addresses that never leave this machine, where plain http is acceptable. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\.\d+\.\d+\.\d+$/.test(host)
  );
}
