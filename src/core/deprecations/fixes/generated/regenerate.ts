/** The advice every generated client's call left for a person carries, whatever its generator. */
export const REGENERATE =
  'Or regenerate the client from an OpenAPI document without GET /pets/{petId} (or that marks it deprecated), then call listPets for each status';
