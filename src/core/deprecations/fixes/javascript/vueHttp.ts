/**
 * Vue's `this.$http` when the app sets it to axios (`Vue.prototype.$http = axios`, Vue 3's
 * `app.config.globalProperties.$http = axios`, or an instance made there): the entry file that
 * says so (main.js, main.ts, app.js) is read in the component's folder or a folder above it, within
 * its repository. Without one, `this.$http` may be vue-resource's, which answers otherwise.
 */
import { join } from 'node:path';
import { projectFilesOf } from '../projectFiles';

const ENTRY_FILES = ['main.js', 'main.ts', 'app.js', 'app.ts', 'index.js', 'index.ts'];

/** `this.$http`, `vm.$http`, `that.$http`: a Vue component's global property. */
export const VUE_HTTP = /^(?:this|vm|that|self|_this)\.\$http$/;

export function vueHttpIsAxios(path: string): boolean {
  const project = projectFilesOf(path);
  if (!project) return false;
  for (const folder of project.folders)
    for (const name of ENTRY_FILES) {
      if (!project.names(folder).includes(name)) continue;
      const text = project.read(join(folder, name));
      if (text !== undefined && setsHttpToAxios(text)) return true;
    }
  return false;
}

function setsHttpToAxios(text: string): boolean {
  const axios = /import\s+([A-Za-z_$][\w$]*)\s+from\s+['"]axios['"]/.exec(text)?.[1];
  if (!axios) return false;
  const assigned =
    /(?:Vue\.prototype|\.config\.globalProperties)\.\$http\s*=\s*([A-Za-z_$][\w$.]*)/.exec(
      text,
    )?.[1];
  if (!assigned) return false;
  if (assigned === axios || assigned.startsWith(`${axios}.create`)) return true;
  return new RegExp(`\\b${assigned.replace(/\$/g, '\\$')}\\s*=\\s*${axios}\\.create\\(`).test(text);
}
