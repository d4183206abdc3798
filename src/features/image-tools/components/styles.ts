import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';

/** The card look the image tool's panels share. */
export const usePanelStyles = makeStyles({
  panel: {
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow2,
    padding: '16px',
    minWidth: 0,
  },
  heading: { margin: 0, fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200, margin: 0 },
  row: { display: 'flex', flexWrap: 'wrap', gap: '12px', alignItems: 'flex-end' },
  grow: { flexGrow: 1, flexBasis: '120px', minWidth: 0 },
});
