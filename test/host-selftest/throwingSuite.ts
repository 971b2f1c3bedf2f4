/** A suite whose entry throws before any test runs: the launcher must exit non-zero. */
export function run(): Promise<void> {
  throw new Error('deliberate throw from run()');
}
