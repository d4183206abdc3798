/**
 * The video panels' entry to the local helper. The implementation is shared with the YouTube page,
 * so it lives in src/lib (features never import each other); this file keeps the panels' import
 * path stable.
 */
export { localHelper, useDownloadStatus, useLocalHelperStatus, helperUrl, setHelperUrl, DEFAULT_HELPER_URL } from '../../../lib/local-helper-client';
export type { LocalHelperState, LocalHelperStatus } from '../../../lib/local-helper-client';
