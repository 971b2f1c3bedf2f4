/**
 * Whether a JavaScript text is what the TypeScript compiler wrote (its helpers, `__decorate`,
 * `__awaiter`; CommonJS's `exports.__esModule`; a source map beside it): code people do not write
 * by hand, the output of a `.ts` source that holds the same requests.
 */
const COMPILER_MARKS =
  /\bvar __(?:decorate|awaiter|extends|metadata|generator|assign|importDefault|createBinding)\b|Object\.defineProperty\(exports, "__esModule"|^\/\/# sourceMappingURL=\S+\.js\.map\s*$/m;

export function isCompilerOutput(text: string): boolean {
  return COMPILER_MARKS.test(text);
}

/** A TypeScript source's path (`.ts`, `.tsx`, `.mts`, `.cts`; not a declaration file's). */
export function isTypeScriptPath(path: string): boolean {
  return /\.(?:ts|tsx|mts|cts)$/i.test(path) && !/\.d\.(?:ts|mts|cts)$/i.test(path);
}
