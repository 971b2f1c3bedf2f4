/**
 * Readings of the workspace a rewrite makes (a listing, a file's text, a parsed document), kept a
 * few seconds: a `fix` run asks once per request, the language server again after an edit. A
 * cache holds at most 4,096 entries, the oldest dropped first.
 */
const FRESH_MS = 5_000;
const MAX_ENTRIES = 4096;

export interface Kept<T> {
  at: number;
  value: T;
}

/** `take()`'s value for `key`, from `cache` while it is fresh. */
export function keptAWhile<T>(cache: Map<string, Kept<T>>, key: string, take: () => T): T {
  const now = Date.now();
  const found = cache.get(key);
  if (found && now - found.at < FRESH_MS) return found.value;
  const value = take();
  cache.set(key, { at: now, value });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return value;
}
