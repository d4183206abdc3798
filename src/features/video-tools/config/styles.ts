import { makeStyles } from '@fluentui/react-components';
import { MEDIA } from '../../../lib/constants';
import { tokens } from '../../../lib/tokens';

/** Shared by the config panel's sections. */
export const useConfigStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '20px', padding: '24px 0 40px', maxWidth: '820px' },
  lead: { color: tokens.colorNeutralForeground2 },
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: '10px',
    padding: '18px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    [MEDIA.belowSm]: { padding: '14px' },
  },
  row: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' },
  grow: { flexGrow: 1, minWidth: '200px' },
  code: {
    display: 'block',
    fontFamily: tokens.fontFamilyMonospace,
    backgroundColor: tokens.colorNeutralBackground3,
    padding: '8px 12px',
    borderRadius: tokens.borderRadiusMedium,
    overflowX: 'auto',
    whiteSpace: 'pre',
  },
  muted: { color: tokens.colorNeutralForeground3 },
  tools: { margin: 0, paddingLeft: '20px', display: 'flex', flexDirection: 'column', gap: '4px' },
});
