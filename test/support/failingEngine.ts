import { DeprecationEngine } from '../../src/core/deprecations/engine';

/** Text that makes the engine fail once failOnMarker is in force. */
export const ENGINE_FAILS_HERE = 'ENGINE-FAILS-HERE';

/**
 * Makes every DeprecationEngine in this process throw, as an engine bug would, on a text holding
 * ENGINE_FAILS_HERE (and scan as usual otherwise); returns the function that undoes it.
 */
export function failOnMarker(): () => void {
  const original = Object.getOwnPropertyDescriptor(DeprecationEngine.prototype, 'scan')!;
  const scan = original.value as DeprecationEngine['scan'];
  Object.defineProperty(DeprecationEngine.prototype, 'scan', {
    ...original,
    value(this: DeprecationEngine, ...args: Parameters<DeprecationEngine['scan']>) {
      if (args[0].includes(ENGINE_FAILS_HERE))
        throw new RangeError('Maximum call stack size exceeded');
      return scan.apply(this, args);
    },
  });
  return () => Object.defineProperty(DeprecationEngine.prototype, 'scan', original);
}
