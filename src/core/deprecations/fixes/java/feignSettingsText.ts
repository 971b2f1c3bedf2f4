/**
 * What one text says about a Feign client's 404s and its types (no file system: the browser's
 * Feign rewrite reads only the file itself). See feignSettings.ts for the repository's.
 */
export interface FeignSettings {
  /** Where a 404's answer is set (a path from the repository's root, or "this file"). */
  decidesNotFound?: string;
  /** Why the repository could not be searched for it (then nothing is rewritten). */
  unsearched?: string;
  /** Simple names declared as records. */
  recordTypes: ReadonlySet<string>;
}

const NOT_FOUND_SETTINGS =
  /\bErrorDecoder\b|\bdismiss404\b|\bdecode404\b|\bdismiss-404\b|\bdecode-404\b/;

export function settingsOfText(text: string, shown: string): FeignSettings {
  const recordTypes = new Set<string>();
  for (const match of text.matchAll(/\brecord\s+([A-Z]\w*)\s*[(<]/g)) recordTypes.add(match[1]!);
  return NOT_FOUND_SETTINGS.test(text) ? { decidesNotFound: shown, recordTypes } : { recordTypes };
}
