import assert from 'node:assert/strict';
import { apiShapeOf } from '../../../../../src/core/deprecations/fixes/apiShape';

/** What the file-wide check says of `text`, for a URL at its start. */
const shapeOf = (text: string) => apiShapeOf(text)({ start: 0, end: 0 });

describe("a file's evidence that its API answers in other shapes", () => {
  it('a pet sent wrapped in a request’s body is evidence', () => {
    assert.match(
      shapeOf("axios({ url: apiUrl + '/pets', method: 'POST', data: { pet: newPet } })") ?? '',
      /sends a pet wrapped/,
    );
    assert.match(shapeOf('fetch(url, { body: JSON.stringify({ pet }) })') ?? '', /wrapped/);
  });

  it("a page's or component's own state named pet is none (WeChat's Page, Vue's data)", () => {
    for (const state of [
      'Page({ data: { pet: null, missing: false } })',
      'new Vue({ data: { pet: {}, loading: true } })',
      "Page({\n  data: {\n    pet: '',\n  },\n})",
    ])
      assert.equal(shapeOf(state), undefined, state);
  });
});
