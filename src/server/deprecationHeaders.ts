import { deprecationSignalsOf } from '../core/api/deprecationSignals';

/**
 * The headers GET /pets/{petId} answers with (spec section 3: deprecated, removed on 5 December
 * 2030), for clients that read the API's own signals.
 */
export function deprecationHeaders(basePath: string): Record<string, string> {
  return {
    // RFC 9745: when the resource became deprecated; the spec gives no date, so the date of
    // v1.0.0's publication as recorded by this project (1 January 2025) stands in.
    deprecation: '@1735689600',
    // RFC 8594
    sunset: 'Thu, 05 Dec 2030 00:00:00 GMT',
    link: `<${basePath}/pets>; rel="successor-version"`,
  };
}

/**
 * What is wrong with deprecation headers, read as a client reads them: a value it would ignore,
 * or a Sunset that does not come after the Deprecation. Undefined when they are right.
 */
export function deprecationHeadersProblem(headers: Record<string, string>): string | undefined {
  const problems: string[] = [];
  const signals = deprecationSignalsOf(headers, new URL('http://localhost/'), (message) =>
    problems.push(message),
  );
  if (problems.length) return problems.join('; ');
  if (!signals?.deprecatedSince || !signals.sunset) return 'Deprecation and Sunset are both needed';
  if (signals.sunset <= signals.deprecatedSince)
    return `Sunset (${signals.sunset.toISOString()}) is not after Deprecation (${signals.deprecatedSince.toISOString()})`;
  return undefined;
}
