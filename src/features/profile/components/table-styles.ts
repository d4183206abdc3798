import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { MEDIA } from '../../../lib/constants';

/**
 * The profile's Fluent tables (usage history, orders). On phones each row becomes a card of
 * "label: value" lines: the header row is hidden and every cell shows its column's name, which
 * is rendered (and read) only there.
 */
export const useTableStyles = makeStyles({
  table: { [MEDIA.belowSm]: { display: 'block' } },
  header: { [MEDIA.belowSm]: { display: 'none' } },
  body: { [MEDIA.belowSm]: { display: 'flex', flexDirection: 'column', gap: '10px' } },
  row: {
    [MEDIA.belowSm]: {
      display: 'flex',
      flexDirection: 'column',
      gap: '6px',
      padding: '12px',
      border: `1px solid ${tokens.colorNeutralStroke2}`,
      borderRadius: tokens.borderRadiusLarge,
    },
  },
  cell: {
    paddingTop: '8px',
    paddingBottom: '8px',
    verticalAlign: 'middle',
    [MEDIA.belowSm]: { display: 'flex', alignItems: 'baseline', gap: '12px', padding: 0, minHeight: 'auto' },
  },
  label: {
    display: 'none',
    [MEDIA.belowSm]: { display: 'inline', flexShrink: 0, minWidth: '96px', color: tokens.colorNeutralForeground3 },
  },
  muted: { color: tokens.colorNeutralForeground3 },
});
