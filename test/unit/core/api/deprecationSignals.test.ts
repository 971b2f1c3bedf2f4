import assert from 'node:assert/strict';
import { deprecationSignalsOf, httpDate } from '../../../../src/core/api/deprecationSignals';
import {
  deprecationHeaders,
  deprecationHeadersProblem,
} from '../../../../src/server/deprecationHeaders';

const REQUEST = new URL('https://api.example.com/v1/pets/7');

function read(headers: Record<string, string | string[]>) {
  const problems: string[] = [];
  const signals = deprecationSignalsOf(headers, REQUEST, (message) => problems.push(message));
  return { signals, problems };
}

describe('the API’s own deprecation signals (RFC 9745, RFC 8594, RFC 8288)', () => {
  it('reads Deprecation, Sunset and the links, resolving relative targets', () => {
    const { signals, problems } = read({
      deprecation: '@1735689600',
      sunset: 'Thu, 05 Dec 2030 00:00:00 GMT',
      link: '</v1/pets>; rel="successor-version", <https://docs.example.com/dep>; rel=deprecation, <policy>; rel="sunset"',
    });
    assert.deepEqual(problems, []);
    assert.deepEqual(signals, {
      deprecatedSince: new Date('2025-01-01T00:00:00Z'),
      sunset: new Date('2030-12-05T00:00:00Z'),
      successor: 'https://api.example.com/v1/pets',
      deprecationLink: 'https://docs.example.com/dep',
      sunsetLink: 'https://api.example.com/v1/pets/policy',
    });
  });

  it('takes the headers in any order and any case of rel, one link with several relations', () => {
    const { signals } = read({
      link: '<https://x.example/new>; title="a, b; c"; REL="Successor-Version sunset"',
      sunset: 'Mon, 01 Jan 2035 12:30:00 GMT',
    });
    assert.equal(signals?.successor, 'https://x.example/new');
    assert.equal(signals?.sunsetLink, 'https://x.example/new');
    assert.equal(signals?.deprecatedSince, undefined);
  });

  it('reads past and future dates alike (a sunset already passed is still a sunset)', () => {
    assert.deepEqual(read({ deprecation: '@0' }).signals, { deprecatedSince: new Date(0) });
    assert.deepEqual(read({ sunset: 'Sun, 06 Nov 1994 08:49:37 GMT' }).signals, {
      sunset: new Date('1994-11-06T08:49:37Z'),
    });
  });

  it('ignores malformed values with a note each, keeping what is valid', () => {
    const { signals, problems } = read({
      deprecation: 'true', // an early draft's form
      sunset: '2030-12-05', // not an HTTP date
      link: 'https://no-brackets.example; rel=deprecation, <https://ok.example>; rel="successor-version"',
    });
    assert.deepEqual(signals, { successor: 'https://ok.example/' });
    assert.equal(problems.length, 3);
    assert.match(problems[0]!, /Deprecation "true" is not a date/);
    assert.match(problems[1]!, /Sunset "2030-12-05" is not an HTTP date/);
    assert.match(
      problems[2]!,
      /Link "https:\/\/no-brackets.example; rel=deprecation" is not <target>/,
    );
  });

  it('refuses impossible dates and a wrong weekday, and a header sent twice', () => {
    assert.equal(httpDate('Mon, 31 Feb 2030 00:00:00 GMT'), undefined);
    assert.equal(httpDate('Mon, 05 Dec 2030 00:00:00 GMT'), undefined, '5 Dec 2030 is a Thursday');
    assert.equal(httpDate('Thu, 05 Dec 2030 24:00:00 GMT'), undefined);
    const { signals, problems } = read({
      sunset: ['Thu, 05 Dec 2030 00:00:00 GMT', 'Fri, 06 Dec 2030 00:00:00 GMT'],
    });
    assert.equal(signals, undefined);
    assert.match(problems[0]!, /Sunset is sent 2 times/);
  });

  it('says nothing for a response without signals, or with unrelated links', () => {
    assert.equal(read({}).signals, undefined);
    assert.equal(read({ link: '<https://x.example/2>; rel="next"' }).signals, undefined);
  });

  it('keeps long or multi-line junk short in the notes', () => {
    const { problems } = read({ deprecation: `@${'9'.repeat(200)}\r\nX-Injected: 1` });
    assert.equal(problems.length, 1);
    assert.ok(problems[0]!.length < 140 && !/[\r\n]/.test(problems[0]!), problems[0]);
  });
});

describe('the local server’s own deprecation headers', () => {
  it('are what a client reads as deprecated since 2025, sunset 5 December 2030', () => {
    assert.equal(deprecationHeadersProblem(deprecationHeaders('/v1')), undefined);
  });

  it('would be refused with a Sunset before the Deprecation, or a malformed one', () => {
    assert.match(
      deprecationHeadersProblem({
        deprecation: '@1924992000',
        sunset: 'Thu, 05 Dec 2030 00:00:00 GMT',
      }) ?? '',
      /Sunset \(2030-12-05T00:00:00.000Z\) is not after Deprecation \(2031-01-01T00:00:00.000Z\)/,
    );
    assert.match(
      deprecationHeadersProblem({ deprecation: '@1', sunset: 'soon' }) ?? '',
      /Sunset "soon" is not an HTTP date/,
    );
  });
});
