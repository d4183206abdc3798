import { makeStyles } from '@fluentui/react-components';
import { MEDIA } from '../../../lib/constants';

export const useFormStyles = makeStyles({
  form: { display: 'grid', gridTemplateColumns: '1fr 1fr', alignItems: 'start', gap: '14px 20px', [MEDIA.belowSm]: { gridTemplateColumns: '1fr' } },
  full: { gridColumn: '1 / -1' },
  actions: { gridColumn: '1 / -1', display: 'flex', gap: '10px' },
});
