/**
 * The QA bot's engine: the one entry the API and tests import (see types.ts for the contract
 * and docs/qa-engine.md for the ranking, confidence and import rules).
 */
export { buildQaIndex, RANKING, confidenceOf } from './qa-index';
export { decideAnswer, DEFAULT_THRESHOLD, GREY_ZONE_RATIO, SUGGESTIONS } from './decide';
export { parseQaDocument, qaDocumentKind } from './import-document';
export { QA_LIMITS } from './import-rows';
export type * from './types';
