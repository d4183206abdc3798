import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';

/** A chosen PDF as its row shows it (icon, name, size or page count), in the one-file tools and compare. */
export const useChosenFileStyles = makeStyles({
  file: {
    display: 'flex',
    alignItems: 'center',
    gap: '10px',
    padding: '10px 12px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  icon: { fontSize: '28px', color: tokens.colorPaletteRedForeground1, flexShrink: 0 },
  text: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
  name: { overflowWrap: 'anywhere', fontWeight: tokens.fontWeightSemibold },
  meta: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});
