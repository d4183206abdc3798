import { describe, expect, it } from 'vitest';
import { griffelAot } from '../../scripts/build/griffel-aot.js';

type Transform = (code: string, id: string) => Promise<{ code: string } | null>;

describe('griffel ahead-of-time transform', () => {
  const transform = griffelAot().transform as unknown as Transform;
  const id = `${process.cwd()}/src/lib/components/aot-sample.tsx`;

  it('turns makeStyles into precomputed __styles, token values resolved at build time', async () => {
    const code = [
      "import { makeStyles } from '@fluentui/react-components';",
      "import { tokens } from '../tokens';",
      "import { MEDIA } from '../constants';",
      'export const useStyles = makeStyles({ root: { color: tokens.colorBrandForeground1, [MEDIA.belowSm]: { display: "none" } } });',
    ].join('\n');
    const out = await transform(code, id);
    expect(out?.code).toContain('__styles(');
    expect(out?.code).not.toMatch(/\bmakeStyles\(/);
    expect(out?.code).toContain('var(--colorBrandForeground1)');
    expect(out?.code).toContain('@media (max-width: 767px)');
  }, 60_000);

  it('leaves files without styles and dependencies alone', async () => {
    expect(await transform('export const a = 1;', id)).toBeNull();
    expect(await transform('makeStyles({})', '/x/node_modules/pkg/index.js')).toBeNull();
  });
});
