import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../../lib/tokens';

/** Shared look of top-navigation entries (links and the PDF tools trigger). */
export const useNavStyles = makeStyles({
  item: {
    display: 'inline-flex',
    alignItems: 'center',
    height: '36px',
    padding: '0 12px',
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    ':hover': { color: tokens.colorBrandForeground1, backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '1px' },
  },
  button: { border: 'none', background: 'none', fontFamily: 'inherit', cursor: 'pointer' },
  active: { color: tokens.colorBrandForeground1, backgroundColor: tokens.colorBrandBackground2 },
});
