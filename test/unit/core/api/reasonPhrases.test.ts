import assert from 'node:assert/strict';
import { STATUS_CODES } from 'node:http';
import { reasonPhrase } from '../../../../src/core/api/reasonPhrases';

describe('reason phrases (the browser-safe table)', () => {
  it('says what node:http says for every status it knows', () => {
    for (let status = 200; status < 600; status++) {
      const ours = reasonPhrase(status);
      if (ours) assert.equal(ours, STATUS_CODES[status], `status ${status}`);
    }
    assert.equal(reasonPhrase(418), '');
  });
});
