/**
 * What a finding is: the request itself (`url`, `operation`), a call reaching it through a wrapper
 * (`wrapper`), or something reported apart from the calls: a route the code serves (`serves`), a
 * test's request to the project's own route through its test client (`route-test`), a test
 * double's stub (`mock`).
 */
export type FindingKind = 'url' | 'operation' | 'wrapper' | 'serves' | 'mock' | 'route-test';

/** A route, its test or a stub: the serving side or a stand-in, never a call of the API. */
export function isReportedApart(kind: FindingKind): boolean {
  return kind === 'serves' || kind === 'mock' || kind === 'route-test';
}
