import type { Case } from './support';
import { LATER_USE_CASES } from './judges/laterUses.test';
import { LIBRARY_CASES } from './libraries.test';
import { NEGATIVE_CASES } from './negatives.test';
import { NOT_REQUEST_CASES } from './judges/notSent.test';
import { POSITIVE_CASES } from './positives.test';
import { SCRIPT_BLOCK_CASES } from './lexers/scriptBlocks.test';
import { SEGMENT_JOIN_CASES } from './recognisers/segmentJoins.test';
import * as ROLE_CASES from './judges/roleCases';
import { DART_CASES, SWIFT_CASES } from './lexers/dartSwiftCases';
import { ELIXIR_CASES, SCALA_CASES } from './lexers/elixirScalaCases';

/** Every labelled case of the corpus, for the tests that check a property over all of them. */
export const ALL_CASES: readonly Case[] = [
  ...POSITIVE_CASES,
  ...NEGATIVE_CASES,
  ...LIBRARY_CASES,
  ...LATER_USE_CASES,
  ...NOT_REQUEST_CASES,
  ...SEGMENT_JOIN_CASES,
  ...SCRIPT_BLOCK_CASES,
  ...Object.values(ROLE_CASES).flat(),
  ...DART_CASES,
  ...SWIFT_CASES,
  ...ELIXIR_CASES,
  ...SCALA_CASES,
];
