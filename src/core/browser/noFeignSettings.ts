/**
 * `fixes/java/feignSettings.ts` in the browser build: the Feign rewrite searches the repository for
 * what sets a 404's answer (an ErrorDecoder, dismiss404), which a browser cannot do from a
 * rewrite. The file's own text is read; the rest of the repository counts as unsearched, so the
 * request is left for a person. scripts/webBuild.mjs puts this module in its place.
 */
import { settingsOfText, type FeignSettings } from '../deprecations/fixes/java/feignSettingsText';

export type { FeignSettings } from '../deprecations/fixes/java/feignSettingsText';

export function feignSettingsOf(_path: string, text: string): FeignSettings {
  const own = settingsOfText(text, 'this file');
  return own.decidesNotFound
    ? own
    : { ...own, unsearched: 'the browser does not search the repository for it' };
}
