export const HTTP_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

const SUFFIXES =
  /(?:withhttpinfoasync|withhttpinfo|asjsonasync|fromjsonasync|asyncwithhttpinfo|forentity|forobject|bytearrayasync|stringasync|streamasync|asjson|mapping|exchange|request|async|json|string|stream|_async|_json)$/;

/**
 * What a name standing for a method holds: the method's word, ignoring case, or a character that
 * is not printable ASCII (sent the long way, which may upper-case it to ASCII).
 */
const MAY_NAME_A_METHOD = /get|post|put|patch|delete|head|options|[^ -~]/i;

/**
 * The HTTP method a name stands for: a callee (`delete`, `PostAsync`, `getForObject`,
 * `HttpDelete`, `MethodDelete`), an annotation (`DeleteMapping`, `GetExchange`, `DELETE`) or a
 * string ("delete"). Undefined for other names.
 */
export function methodOfName(name: string): string | undefined {
  // Most names hold no method word: one test rules them out before any case change or replace
  // (a name with other than ASCII goes the long way: "poſt".toUpperCase() is "POST").
  if (!MAY_NAME_A_METHOD.test(name)) return undefined;
  // @Get, :get, $get (Nuxt); Elixir's and Ruby's raising variants: Req.get!, HTTPoison.get!
  let lower = name
    .toLowerCase()
    .replace(/^[@:$]/, '')
    .replace(/!$/, '');
  if (HTTP_METHODS.has(lower.toUpperCase())) return lower.toUpperCase();
  // MethodDelete, HTTP_GET, Falcon's test client: simulate_get.
  lower = lower.replace(/^(?:http|method|httpmethod|simulate)_?/, '');
  for (let i = 0; i < 2; i++) lower = lower.replace(SUFFIXES, '');
  const upper = lower.toUpperCase();
  return HTTP_METHODS.has(upper) ? upper : undefined;
}
