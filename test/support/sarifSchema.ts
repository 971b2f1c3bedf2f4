import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import Ajv from 'ajv-draft-04';

/** Asserts that `log` validates against the official SARIF 2.1.0 schema, naming every error. */
export function assertValidSarif(log: unknown): void {
  const schema = JSON.parse(
    readFileSync(
      require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'),
      'utf8',
    ),
  ) as object;
  const validate = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false }).compile(
    schema,
  );
  assert.equal(validate(log), true, JSON.stringify(validate.errors, null, 2));
}
