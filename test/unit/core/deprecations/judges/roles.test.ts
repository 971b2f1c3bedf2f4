import { itFindsExactly, itReportsExactly } from '../support';
import {
  REDIRECT_CASES,
  NAVIGATION_CASES,
  STATIC_ASSET_CASES,
  LOCAL_NAME_CASES,
  NAME_CASES,
  OTHER_API_CASES,
  GENERIC_CALL_CASES,
  EXPECTATION_CASES,
  OTHER_METHOD_NAME_CASES,
} from './roleCases';

describe('roles: strings that are not API requests', () => {
  describe('server-side redirects', () => itFindsExactly(REDIRECT_CASES));
  describe('client-side routes, links and navigation', () => itFindsExactly(NAVIGATION_CASES));
  describe('static assets', () => itFindsExactly(STATIC_ASSET_CASES));
  describe('local functions named like the operation', () => itReportsExactly(LOCAL_NAME_CASES));
  describe('names', () => itFindsExactly(NAME_CASES));
  describe('other APIs’ paths', () => itFindsExactly(OTHER_API_CASES));
  describe('methods across type arguments and line breaks', () =>
    itFindsExactly(GENERIC_CALL_CASES));
  describe('expected values in tests (shown, not counted)', () =>
    itReportsExactly(EXPECTATION_CASES));
  describe('handed to a helper named for another method (shown, not counted)', () =>
    itReportsExactly(OTHER_METHOD_NAME_CASES));
});
