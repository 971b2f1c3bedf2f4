import { itFindsExactly, type Case } from '../support';

/** HTML, Vue and Svelte files: only the code in their <script> blocks is read, as TypeScript. */
export const SCRIPT_BLOCK_CASES: Case[] = [
  [
    'a.vue',
    '<template>\n  <p>Don\'t see /pets/1 here</p>\n  <router-link :to="`/pets/${id}`">x</router-link>\n</template>\n<script setup lang="ts">\nconst pet = await $fetch(`/pets/${props.id}`)\n</script>\n<style>.a { background: url(/pets/1.png) }</style>',
    [6],
  ],
  [
    'a.vue',
    '<script>\nexport default { methods: { remove(id) { return axios.delete(`/pets/${id}`) } } }\n</script>',
    [],
  ],
  [
    'a.svelte',
    '<script>\n  export let id;\n  const pet = fetch(`/api/pets/${id}`);\n</script>\n<a href="/pets/{id}">link</a>',
    [3],
  ],
  [
    'a.html',
    '<!doctype html>\n<p>It\'s "/pets/1"</p>\n<script>\n  fetch("/pets/" + id).then(r => r.json());\n</script>\n<script src="/pets/app.js"></script>',
    [4],
  ],
  ['a.html', '<script>\n  // fetch("/pets/1")\n</script>', []],
  ['a.vue', '<template><div/></template>', []],
];

describe('deprecated getPet finder: script blocks of HTML, Vue and Svelte files', () =>
  itFindsExactly(SCRIPT_BLOCK_CASES));
