import { itFindsExactly, itReportsExactly } from '../support';
import { DART_CASES, SWIFT_CASES } from './dartSwiftCases';

describe('Dart and Swift', () => {
  describe('Dart', () =>
    itFindsExactly(DART_CASES.filter(([, code]) => !code.includes('getPet('))));
  describe('Dart operation calls', () =>
    itReportsExactly(DART_CASES.filter(([, code]) => code.includes('getPet('))));
  describe('Swift', () =>
    itFindsExactly(SWIFT_CASES.filter(([, code]) => !code.includes('getPet('))));
  describe('Swift operation calls', () =>
    itReportsExactly(SWIFT_CASES.filter(([, code]) => code.includes('getPet('))));
});
