/** True in the code-server host, which can take screenshots and read the workbench's DOM. */
export function hostAvailable(): boolean {
  return Boolean(process.env.PETSTORE_HOST_ENDPOINT);
}

/** Asks the launcher (outside the extension host) for what only the browser can do. */
export async function askHost<T>(path: string, query: Record<string, string>): Promise<T> {
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

/** Waits (in the browser, on DOM changes) until an element matching the selector is visible or hidden. */
export async function waitForWorkbench(
  selector: string,
  state: 'visible' | 'hidden' = 'visible',
  timeoutMs = 20_000,
): Promise<void> {
  await askHost('/waitFor', { selector, state, timeout: String(timeoutMs) });
}

/** Waits (in the browser) until a webview's content (the Markdown preview's, say) shows the text. */
export async function waitForWebviewText(text: string, timeoutMs = 20_000): Promise<void> {
  await askHost('/waitForWebviewText', { text, timeout: String(timeoutMs) });
}

/** Inner texts of the elements matching a selector. */
export async function textsInWorkbench(selector: string): Promise<string[]> {
  return (await askHost<{ texts: string[] }>('/text', { selector })).texts;
}

/**
 * Types text key by key, as a user would: where the keyboard focus is, or into the element a
 * selector names (focused first).
 */
export async function typeText(text: string, selector?: string): Promise<void> {
  await askHost('/type', selector ? { text, selector } : { text });
}

/** Replaces the text of an input element (focusing it first), as typing into it would. */
export async function fillInput(selector: string, text: string): Promise<void> {
  await askHost('/fill', { selector, text });
}

/**
 * Presses a key (Playwright key name: Enter, Escape, Backspace, Control+A…) where the keyboard
 * focus is, or into the element a selector names.
 */
export async function pressKey(key: string, selector?: string): Promise<void> {
  await askHost('/press', selector ? { key, selector } : { key });
}

/** Clicks the first element a selector names (hovering it first), as a person would. */
export async function clickInWorkbench(
  selector: string,
  button: 'left' | 'right' = 'left',
): Promise<void> {
  await askHost('/click', { selector, button });
}

/** Types text into an input element and presses Enter in it, as a user submitting it would. */
export async function submitInput(selector: string, text: string): Promise<void> {
  await fillInput(selector, text);
  await pressKey('Enter', selector);
}

/** The current text of an input element (e.g. the quick input box). */
export async function inputValue(selector: string): Promise<string> {
  return (await askHost<{ value: string }>('/value', { selector })).value;
}
