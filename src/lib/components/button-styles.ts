import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../tokens';

/**
 * Fluent-looking button styles for the header and home page, which must paint without Fluent's
 * Button (its slots, tabster and motion code cost the first paint ~12 KB). Lazy pages use Fluent.
 */
export const useButtonStyles = makeStyles({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '6px',
    minHeight: '32px',
    padding: '0 12px',
    borderRadius: tokens.borderRadiusMedium,
    border: '1px solid transparent',
    fontFamily: 'inherit',
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightBase300,
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    transitionProperty: 'background-color, border-color, color',
    transitionDuration: tokens.durationFaster,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  primary: {
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover, color: tokens.colorNeutralForegroundOnBrand },
    ':active': { backgroundColor: tokens.colorBrandBackgroundPressed },
  },
  secondary: {
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, color: tokens.colorNeutralForeground1 },
  },
  subtle: {
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground2,
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover, color: tokens.colorNeutralForeground1 },
  },
  large: { minHeight: '40px', padding: '0 18px', fontSize: tokens.fontSizeBase400, borderRadius: tokens.borderRadiusLarge },
  icon: { minWidth: '32px', padding: 0, fontSize: '20px' },
});

export type ButtonAppearance = 'primary' | 'secondary' | 'subtle';
