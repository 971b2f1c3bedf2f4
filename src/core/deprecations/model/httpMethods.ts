export const HTTP_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

const SUFFIXES =
  /(?:withhttpinfoasync|withhttpinfo|asjsonasync|fromjsonasync|asyncwithhttpinfo|forentity|forobject|bytearrayasync|stringasync|streamasync|asjson|mapping|exchange|request|async|json|string|stream|_async|_json)$/;

/**
 * The HTTP method a name stands for: a callee (`delete`, `PostAsync`, `getForObject`,
 * `HttpDelete`, `MethodDelete`), an annotation (`DeleteMapping`, `GetExchange`, `DELETE`) or a
 * string ("delete"). Undefined for other names.
 */
export function methodOfName(name: string): string | undefined {
  let lower = name.toLowerCase().replace(/^[@:$]/, ''); // @Get, :get, $get (Nuxt)
  if (HTTP_METHODS.has(lower.toUpperCase())) return lower.toUpperCase();
  // MethodDelete, HTTP_GET, Falcon's test client: simulate_get.
  lower = lower.replace(/^(?:http|method|httpmethod|simulate)_?/, '');
  for (let i = 0; i < 2; i++) lower = lower.replace(SUFFIXES, '');
  const upper = lower.toUpperCase();
  return HTTP_METHODS.has(upper) ? upper : undefined;
}
