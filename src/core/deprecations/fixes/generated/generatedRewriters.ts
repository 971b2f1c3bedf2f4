/**
 * Calls of generated clients (findings of kind `operation`: `api.getPet({ petId })`,
 * `PetsApi(client).get_pet(pet_id=1)`, `client.PetsAPI.GetPet(ctx, id).Execute()`...), one rewriter
 * per language. A generated file is never edited: the call site is rewritten to call the same
 * client's list operation for each status, through a helper added to the call site's file. The
 * generators the rewrite can be faithful to are rewritten; the others are left for a person with a
 * snippet of the helper (for the generator assumed) and the advice to regenerate the client.
 */
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';
import { manualRewrite } from './manualClients';
import { pythonRewrite } from './pythonClients';
import { typescriptRewrite } from './typescriptClients';

const LIBRARY = 'generated client';

function forOperations(rewrite: (site: RequestSite) => Rewrite): Rewriter {
  return {
    library: LIBRARY,
    rewrite: (site) => (site.finding.kind === 'operation' ? rewrite(site) : undefined),
  };
}

export const generatedJavaScriptRewriter = forOperations(typescriptRewrite);
export const generatedPythonRewriter = forOperations(pythonRewrite);
/** Go, Java, Kotlin, C#, PHP, Ruby, Dart, Swift, Rust: left for a person, with the snippet. */
export const generatedClientManual = forOperations(manualRewrite);
