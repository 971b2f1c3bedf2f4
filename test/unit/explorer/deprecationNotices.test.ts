import assert from 'node:assert/strict';
import {
  DeprecationNotices,
  deprecationNoticeLabel,
  deprecationNoticeText,
} from '../../../src/core/explorer/deprecationNotices';

const SIGNALS = {
  deprecatedSince: new Date('2025-01-01T00:00:00Z'),
  sunset: new Date('2030-12-05T00:00:00Z'),
  successor: 'https://api.example.com/v2/pets',
};

describe('the API’s deprecation notices', () => {
  it('are new once per environment and operation, and again when what the API says changes', () => {
    const notices = new DeprecationNotices();
    assert.equal(notices.record('production', 'GET /pets', SIGNALS), true);
    assert.equal(notices.record('production', 'GET /pets', { ...SIGNALS }), false);
    assert.equal(notices.record('staging', 'GET /pets', SIGNALS), true);
    assert.equal(notices.record('production', 'POST /pets', SIGNALS), true);
    const later = { ...SIGNALS, sunset: new Date('2031-06-01T00:00:00Z') };
    assert.equal(notices.record('production', 'GET /pets', later), true);
    assert.deepEqual(notices.of('production'), [
      { operation: 'GET /pets', signals: later },
      { operation: 'POST /pets', signals: SIGNALS },
    ]);
    assert.deepEqual(notices.of('other'), []);
  });

  it('read as a label and a sentence with the successor', () => {
    const deprecation = { operation: 'GET /pets', signals: SIGNALS };
    assert.equal(
      deprecationNoticeLabel(deprecation),
      'GET /pets is deprecated since 1 January 2025, removed on 5 December 2030',
    );
    assert.equal(
      deprecationNoticeText(deprecation),
      'GET /pets is deprecated since 1 January 2025, removed on 5 December 2030. Its successor: https://api.example.com/v2/pets',
    );
    assert.equal(
      deprecationNoticeText({ operation: 'GET /pets', signals: {} }),
      'GET /pets is deprecated.',
    );
  });
});
