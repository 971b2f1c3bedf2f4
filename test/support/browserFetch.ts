/**
 * Node's fetch with the browser's CORS check in front of it, for testing the browser build's HTTP
 * port against a real server: a request from `pageOrigin` to another origin is preflighted when
 * it is not "simple" (an Authorization header always makes it so), and the browser rejects with a
 * bare TypeError, no status, when the server's answers do not allow the page's origin. It also
 * sends the Origin header a browser sends. What it does not model: cookies, credentials mode and
 * opaque responses (the port never asks for them).
 */
export function browserFetch(pageOrigin: string): typeof fetch {
  return async (input, init = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (url.origin === pageOrigin) return fetch(input, init);
    const headers = new Headers(init.headers);
    const requestHeaders = [...headers.keys()].filter(
      (name) => !['accept', 'accept-language', 'content-language'].includes(name),
    );
    const method = init.method ?? 'GET';
    const preflighted =
      !['GET', 'HEAD', 'POST'].includes(method) ||
      requestHeaders.some((name) => name !== 'content-type' || headers.get(name) !== 'text/plain');
    const refused = () => new TypeError('Failed to fetch');
    if (preflighted) {
      const answer = await fetch(url, {
        method: 'OPTIONS',
        headers: {
          origin: pageOrigin,
          'access-control-request-method': method,
          'access-control-request-headers': requestHeaders.sort().join(','),
        },
        signal: init.signal,
      });
      await answer.arrayBuffer();
      const allowedHeaders = (answer.headers.get('access-control-allow-headers') ?? '')
        .toLowerCase()
        .split(',')
        .map((name) => name.trim());
      const allowedMethods = (answer.headers.get('access-control-allow-methods') ?? '')
        .split(',')
        .map((name) => name.trim());
      if (
        !answer.ok ||
        answer.headers.get('access-control-allow-origin') !== pageOrigin ||
        !requestHeaders.every((name) => allowedHeaders.includes(name)) ||
        !(['GET', 'POST'].includes(method) || allowedMethods.includes(method))
      )
        throw refused();
    }
    headers.set('origin', pageOrigin);
    const response = await fetch(url, { ...init, headers });
    if (response.headers.get('access-control-allow-origin') !== pageOrigin) {
      await response.body?.cancel();
      throw refused();
    }
    return response;
  };
}
