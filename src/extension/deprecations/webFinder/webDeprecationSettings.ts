import type { DeprecationSettings } from '../../../lsp/settings';
import { readDeprecationSettings } from '../deprecationSettings';

/**
 * The finder's settings as the browser's server takes them: no baseline, which is a file read by
 * path (the setting stays the desktop's).
 */
export function webDeprecationSettings(): DeprecationSettings {
  return { ...readDeprecationSettings(), baseline: '' };
}
