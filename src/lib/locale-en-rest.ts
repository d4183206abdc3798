import { toResources } from './i18n-resources';

// Every file of locales/en that locale-en.ts does not load before the first paint.
const files = import.meta.glob<Record<string, unknown>>(
  ['../../locales/en/*.json', '!../../locales/en/{common,nav,home}.json'],
  { eager: true, import: 'default' },
);

export default toResources(files);
