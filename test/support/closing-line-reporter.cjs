// Mocha's spec reporter, plus one plain closing line ("unit: N passed, N failed") that CI reads.
'use strict';
const Mocha = require('mocha');

const { EVENT_RUN_END } = Mocha.Runner.constants;
const label = process.env.TEST_SUITE_LABEL || 'tests';

class ClosingLineReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once(EVENT_RUN_END, () => {
      const { passes, failures, pending } = runner.stats;
      const skipped = pending ? `, ${pending} skipped` : '';
      process.stdout.write(`\n${label}: ${passes} passed, ${failures} failed${skipped}\n`);
    });
  }
}

module.exports = ClosingLineReporter;
