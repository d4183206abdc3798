import { toResources } from './i18n-resources';

// The texts the home page paints with; the rest of locales/zh follows in its own chunk.
// Keep this list in step with locale-zh-rest.ts and the other language's files.
const files = import.meta.glob<Record<string, unknown>>('../../locales/zh/{common,nav,home}.json', {
  eager: true,
  import: 'default',
});

export const core = toResources(files);

export const loadRest = () => import('./locale-zh-rest');
