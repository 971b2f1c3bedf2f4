/**
 * What one text says about a Feign client's 404s and its types (no file system: the browser's
 * Feign rewrite reads only the file itself). See feignSettings.ts for the repository's.
 */
import { addIdAccessors, type IdAccessors } from './idAccessors';

export interface FeignSettings {
  /** Where a 404's answer is set (a path from the repository's root, or "this file"). */
  decidesNotFound?: string;
  /** Why the repository could not be searched for it (then nothing is rewritten). */
  unsearched?: string;
  /** How the Java types declared in what was read give their id (idAccessors.ts). */
  idAccessors: IdAccessors;
}

const NOT_FOUND_SETTINGS =
  /\bErrorDecoder\b|\bdismiss404\b|\bdecode404\b|\bdismiss-404\b|\bdecode-404\b/;

/** `java`: whether the text is Java source, whose types are read (not Kotlin, not settings). */
export function settingsOfText(
  text: string,
  shown: string,
  java = true,
  idAccessors: IdAccessors = new Map(),
): FeignSettings {
  if (java) addIdAccessors(text, idAccessors);
  return NOT_FOUND_SETTINGS.test(text) ? { decidesNotFound: shown, idAccessors } : { idAccessors };
}
