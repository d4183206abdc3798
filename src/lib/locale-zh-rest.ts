import { toResources } from './i18n-resources';

// Every file of locales/zh that locale-zh.ts does not load before the first paint.
const files = import.meta.glob<Record<string, unknown>>(
  ['../../locales/zh/*.json', '!../../locales/zh/{common,nav,home}.json'],
  { eager: true, import: 'default' },
);

export default toResources(files);
