// Mocha's spec reporter, plus one plain closing line ("<label>: N passed, N failed", label from --reporter-option) that CI reads.
'use strict';
const Mocha = require('mocha');

const { EVENT_RUN_END } = Mocha.Runner.constants;

class ClosingLineReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const label = (options.reporterOptions && options.reporterOptions.label) || 'tests';
    runner.once(EVENT_RUN_END, () => {
      const { passes, failures, pending } = runner.stats;
      const skipped = pending ? `, ${pending} skipped` : '';
      process.stdout.write(`\n${label}: ${passes} passed, ${failures} failed${skipped}\n`);
    });
  }
}

module.exports = ClosingLineReporter;
