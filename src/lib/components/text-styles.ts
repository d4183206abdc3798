import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../tokens';

/** Fluent's type ramp on plain elements, for first-paint surfaces that skip Fluent's Text. */
export const useTextStyles = makeStyles({
  title: { margin: 0, fontSize: tokens.fontSizeHero800, lineHeight: tokens.lineHeightHero800, fontWeight: tokens.fontWeightBold },
  subtitle: { margin: 0, fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500, fontWeight: tokens.fontWeightSemibold },
  lead: { margin: 0, fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400 },
  body: { margin: 0, fontSize: tokens.fontSizeBase300, lineHeight: tokens.lineHeightBase300 },
  strong: { fontWeight: tokens.fontWeightSemibold },
  caption: { margin: 0, fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200 },
});
