import { fetchPage, type PageFetchOptions } from '../ai/fetch/fetch-page.js';
import { PageFetchError, type PageFetchFailure } from '../ai/fetch/fetch-errors.js';
import { FeedParseError, parseFeed, type ParsedFeed } from './parse-feed.js';

/** Content types feeds are served with (text/html is not one: a web page is not a feed). */
export const FEED_TYPES = ['application/rss+xml', 'application/atom+xml', 'application/rdf+xml', 'application/xml', 'text/xml', 'text/plain'] as const;

/** Feeds are small; a megabyte holds hundreds of entries. */
const FEED_LIMITS = { maxBytes: 1024 * 1024, timeoutMs: 10_000 } as const;

/** Why a feed could not be read: a fetch failure, or a document that is not a feed. */
export type FeedFailure = PageFetchFailure | { kind: 'notFeed'; detail: string };

export class FeedFetchError extends Error {
  constructor(readonly failure: FeedFailure) {
    super(`feed fetch failed: ${JSON.stringify(failure)}`);
    this.name = 'FeedFetchError';
  }
}

/**
 * Fetches and parses one feed through the reading assistant's guarded fetcher (api/ai/fetch):
 * http(s) only, public addresses only (every DNS answer and redirect checked), size and time
 * capped. `fetchOptions` carries the tests' DNS answers and allow list, never production config.
 */
export async function fetchFeed(url: string, fetchOptions: PageFetchOptions = {}): Promise<ParsedFeed & { url: string }> {
  let page;
  try {
    page = await fetchPage(url, { ...FEED_LIMITS, ...fetchOptions, acceptTypes: FEED_TYPES });
  } catch (err) {
    if (err instanceof PageFetchError) throw new FeedFetchError(err.failure);
    throw err;
  }
  try {
    // XML declares its own encoding, but every feed we accept in practice is UTF-8 (YouTube's included).
    return { ...parseFeed(page.body.toString('utf8'), page.url), url: page.url };
  } catch (err) {
    if (err instanceof FeedParseError) throw new FeedFetchError({ kind: 'notFeed', detail: err.message });
    throw err;
  }
}

/** The short reason stored on a feed after a failed poll (a key of `videoSubscribe.feedErrors`). */
export function failureReason(f: FeedFailure): string {
  switch (f.kind) {
    case 'refused':
      return 'refused';
    case 'tooManyRedirects':
      return 'redirects';
    default:
      return f.kind;
  }
}
