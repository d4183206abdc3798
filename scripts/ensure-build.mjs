// Builds the PWA into dist/ unless it was built from the same sources (scripts/lib.mjs), as its
// own process so `npm test` can run it beside the type-check and the linters.
import { ensureBuild } from './lib.mjs';

ensureBuild();
