import { toResources } from './i18n-resources';

// The texts the home page paints with; the rest of locales/en follows in its own chunk.
// Keep this list in step with locale-en-rest.ts and the other language's files.
const files = import.meta.glob<Record<string, unknown>>('../../locales/en/{common,nav,home}.json', {
  eager: true,
  import: 'default',
});

export const core = toResources(files);

export const loadRest = () => import('./locale-en-rest');
