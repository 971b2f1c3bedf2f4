/**
 * The API chunk (dist/extension/api.js): the HTTP client with its schemas (undici, zod) and the
 * create-pet form's validation, which uses the same schemas, and the agent tools (same schemas). Loaded on the first request or the
 * first wizard, never at activation (scripts/build.mjs bundles it apart).
 */
export { PetStoreClient } from '../../core/api/client';
export { createDispatcher } from '../../core/api/dispatcher';
export {
  draftToNewPet,
  newPetJson,
  validateCategoryId,
  validateName,
} from '../../core/explorer/newPetForm';
export { agentResultText, runAgentTool } from '../../core/agents/agentTools';
export { createPetConfirmation } from '../../core/agents/createPetConfirmation';
export { createInBulk } from '../../core/explorer/bulk/bulkCreate';
export {
  bulkResultsText,
  parseBulkResults,
  resultsPathOf,
  rowsAlreadyCreated,
} from '../../core/explorer/bulk/bulkResults';
export {
  readBulkInput,
  readBulkResults,
  writeBulkResults,
} from '../../core/explorer/bulk/bulkFiles';
export {
  MAX_BULK_FILE_BYTES,
  describeProblem,
  formatOfPath,
  readPetRows,
} from '../../core/explorer/bulk/petRows';
export { networkAdvice, VSCODE_VOCABULARY } from '../../core/api/networkAdvice';
export { trustedCertificates } from '../../core/api/trustStore';
