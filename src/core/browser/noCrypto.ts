/**
 * `node:crypto` in the browser build: the finder's fingerprints (baselines, SARIF) hash with it, and
 * the browser's finder never asks for them. scripts/webBuild.mjs puts this module where the
 * finder's modules import `node:crypto`; a call fails loudly rather than hashing differently.
 */
export function createHash(): never {
  throw new Error('fingerprints are not computed in the browser');
}
