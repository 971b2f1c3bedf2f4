/**
 * What one text says about a Feign client's 404s and its types (no file system: the browser's
 * Feign rewrite reads only the file itself). See feignSettings.ts for the repository's.
 */
import { addIdAccessors, type IdAccessors } from './idAccessors';
import { addJavaTypes, type JavaTypes } from './javaTypes';

export interface FeignSettings {
  /** Where a 404's answer is set (a path from the repository's root, or "this file"). */
  decidesNotFound?: string;
  /** Why the repository could not be searched for it (then nothing is rewritten). */
  unsearched?: string;
  /** How the Java types declared in what was read give their id (idAccessors.ts). */
  idAccessors: IdAccessors;
  /** Their fields' readers, and which are envelopes (javaTypes.ts). */
  types: JavaTypes;
}

const NOT_FOUND_SETTINGS =
  /\bErrorDecoder\b|\bdismiss404\b|\bdecode404\b|\bdismiss-404\b|\bdecode-404\b/;

/** `java`: whether the text is Java source, whose types are read (not Kotlin, not settings). */
export function settingsOfText(
  text: string,
  shown: string,
  java = true,
  idAccessors: IdAccessors = new Map(),
  types: JavaTypes = new Map(),
): FeignSettings {
  if (java) {
    addIdAccessors(text, idAccessors);
    addJavaTypes(text, types);
  }
  return NOT_FOUND_SETTINGS.test(text)
    ? { decidesNotFound: shown, idAccessors, types }
    : { idAccessors, types };
}
