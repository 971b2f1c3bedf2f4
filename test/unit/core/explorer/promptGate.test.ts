import assert from 'node:assert/strict';
import { PromptGate } from '../../../../src/core/explorer/promptGate';

describe('PromptGate', () => {
  it('lets one prompt through per subject until reset', () => {
    const gate = new PromptGate();
    const claims = Array.from({ length: 5 }, () => gate.claim('production'));
    assert.deepEqual(claims, [true, false, false, false, false]);
    assert.equal(gate.claim('staging'), true);
    gate.reset('production');
    assert.equal(gate.claim('production'), true);
  });
});
