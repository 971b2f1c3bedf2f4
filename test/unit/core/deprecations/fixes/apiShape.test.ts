import assert from 'node:assert/strict';
import { apiShapeOf } from '../../../../../src/core/deprecations/fixes/apiShape';

/** What the file-wide check says of `text`, for a URL at its start. */
const shapeOf = (text: string) => apiShapeOf(text)({ start: 0, end: 0 })?.reason;
const dialectOf = (text: string, url = { start: 0, end: 0 }) => apiShapeOf(text)(url);

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

  it('names the wrapper a pet is answered in, and MongoDB ids, for the rewrites that follow them', () => {
    assert.deepEqual(dialectOf('getOnePet(id).then((res) => setPet(res.data.pet))'), {
      envelope: 'pet',
      mongoIds: false,
      seen: 'res.data.pet',
      reason: shapeOf('getOnePet(id).then((res) => setPet(res.data.pet))'),
    });
    assert.equal(dialectOf('const data = await res.json(); setPet(data?.data)')?.envelope, 'data');
    const both = 'axios.patch(`/pets/${pet._id}`, { data: { pet: pet } })';
    assert.equal(dialectOf(both)?.envelope, 'pet');
    assert.equal(dialectOf(both)?.mongoIds, true);
    assert.equal(dialectOf(both)?.seen, 'pet._id, data: { pet: … }');
    // The request's own URL shows MongoDB's ids, though no other line does.
    const text = 'axios.get(url + props._id)';
    const dialect = dialectOf(text, { start: 10, end: 25 });
    assert.equal(dialect?.mongoIds, true);
    assert.equal(dialect?.envelope, undefined);
    assert.equal(dialectOf('axios.get(`/pets/${id}`).then((r) => setPet(r.data))'), undefined);
  });
});
