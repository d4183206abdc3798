import { writeFileSync } from 'node:fs';
import { createLightTheme } from '@fluentui/react-components';
import { brand } from '../../src/lib/theme-brand';

// Run from the repository root: npx tsx scripts/generators/gen-theme.ts
const theme = createLightTheme(brand);
const body = JSON.stringify(theme, null, 2).replace(/"([A-Za-z0-9]+)":/g, '$1:');
writeFileSync('src/lib/theme-light.generated.ts', `import type { Theme } from '@fluentui/react-components';\n\n/**\n * createLightTheme(brand) from theme-brand.ts, precomputed: the tokens package's palette code\n * would otherwise cost the first paint ~4 KB. theme.test.ts fails when this drifts; regenerate\n * with the snippet in that test.\n */\nexport const lightTheme: Theme = ${body};\n`);
