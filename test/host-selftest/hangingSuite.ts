/** A suite that never settles: the launcher must time out and exit non-zero. */
export function run(): Promise<void> {
  return new Promise(() => undefined);
}
