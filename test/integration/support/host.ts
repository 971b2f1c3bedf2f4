/** True in the code-server host, which can take screenshots and read the workbench's DOM. */
export function hostAvailable(): boolean {
  return Boolean(process.env.PETSTORE_HOST_ENDPOINT);
}

/** Asks the launcher (outside the extension host) for what only the browser can do. */
async function askHost<T>(path: string, query: Record<string, string>): Promise<T> {
  const endpoint = process.env.PETSTORE_HOST_ENDPOINT;
  if (!endpoint)
    throw new Error(
      'PETSTORE_HOST_ENDPOINT is not set: run the suite through test/host/runIntegration.ts',
    );
  const response = await fetch(`${endpoint}${path}?${new URLSearchParams(query).toString()}`, {
    method: 'POST',
  });
  const body = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(`host ${path} failed: ${body.error ?? response.status}`);
  return body;
}

/** Saves a screenshot of the whole workbench as test-results/screenshots/<name>.png. */
export async function screenshot(name: string): Promise<string> {
  return (await askHost<{ path: string }>('/screenshot', { name })).path;
}

/** How many elements of the workbench match a CSS selector right now. */
export async function countInWorkbench(selector: string): Promise<number> {
  return (await askHost<{ count: number }>('/count', { selector })).count;
}

/** Waits until the workbench shows at least one element matching the selector. */
export async function waitForWorkbench(selector: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  // The DOM lives in another process and has no event we can subscribe to from here, so poll it.
  while ((await countInWorkbench(selector)) === 0) {
    if (Date.now() > deadline) throw new Error(`The workbench never showed ${selector}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
