import assert from 'node:assert/strict';
import { RehearsalTally, rehearsalSummary } from '../../../../src/core/rehearsal/rehearsalSummary';

describe('the rehearsal’s summary when it stops', () => {
  it('says how long it ran and that it saw no call', () => {
    assert.equal(
      rehearsalSummary(new RehearsalTally(), 42_000),
      'The rehearsal ran 42 seconds and saw no call to GET /pets/{petId}: nothing in what reached it depends on the operation.',
    );
  });

  it('counts the calls, the pets they asked for, and what each was answered, most first', () => {
    const tally = new RehearsalTally();
    for (const call of [
      { petId: '7', status: 410 },
      { petId: '7', status: 410 },
      { petId: '9', status: 200 },
      { petId: '12', status: 410 },
    ])
      tally.record(call);
    assert.equal(
      rehearsalSummary(tally, 12 * 60_000 + 20_000),
      'The rehearsal ran 12 minutes and saw 4 calls to GET /pets/{petId} for 3 pets: 3 answered 410 Gone, 1 answered 200.',
    );
    const one = new RehearsalTally();
    one.record({ petId: '1', status: 404 });
    assert.equal(
      rehearsalSummary(one, 1000),
      'The rehearsal ran 1 second and saw 1 call to GET /pets/{petId}: 1 answered 404 Not Found.',
    );
  });

  it('keeps a bounded number of pet ids under load', () => {
    const tally = new RehearsalTally();
    for (let id = 0; id < 10_005; id++) tally.record({ petId: String(id), status: 410 });
    assert.equal(tally.petCount, '10000+');
    assert.equal(tally.calls, 10_005);
  });
});
