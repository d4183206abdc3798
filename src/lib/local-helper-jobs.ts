import type { z } from 'zod';
import {
  helperFileListSchema,
  helperJobListSchema,
  helperJobSchema,
  helperMediaInfoSchema,
  revealResultSchema,
  type HelperFileList,
  type HelperJob,
  type HelperJobRequest,
  type HelperMediaInfo,
  type RevealResult,
} from '@contracts/local-helper';
import { ApiError, ClientErrorCode } from './api-client';
import { callHelper } from './local-helper-client';

/** The helper's answer checked against its contract: an older or foreign helper fails here, not deep in a panel. */
async function checked<S extends z.ZodType>(schema: S, answer: Promise<unknown>): Promise<z.infer<S>> {
  const result = schema.safeParse(await answer);
  if (!result.success) throw new ApiError(ClientErrorCode.BAD_RESPONSE, null, 'unexpected answer from the local helper');
  return result.data;
}

/** The site's operations on files in the helper's base path (docs/local-helper.md, "Jobs from the site"). */
export const helperJobs = {
  files: (): Promise<HelperFileList> => checked(helperFileListSchema, callHelper('GET', '/files')),
  probe: (file: string): Promise<HelperMediaInfo> => checked(helperMediaInfoSchema, callHelper('POST', '/video/probe', { file })),
  start: (request: HelperJobRequest): Promise<HelperJob> => checked(helperJobSchema, callHelper('POST', '/jobs', request)),
  list: async (): Promise<HelperJob[]> => (await checked(helperJobListSchema, callHelper('GET', '/jobs'))).jobs,
  cancel: (jobId: string): Promise<HelperJob> => checked(helperJobSchema, callHelper('POST', '/jobs/cancel', { jobId })),
  reveal: (path: string): Promise<RevealResult> => checked(revealResultSchema, callHelper('POST', '/reveal', { path })),
};
