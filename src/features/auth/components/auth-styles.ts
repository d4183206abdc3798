import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';

export const useAuthStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '16px' },
  title: { display: 'block', marginBottom: '2px' },
  subtitle: { display: 'block', color: tokens.colorNeutralForeground3, marginBottom: '8px' },
  submit: { marginTop: '4px', width: '100%' },
  switch: { textAlign: 'center', color: tokens.colorNeutralForeground2 },
  hint: { color: tokens.colorNeutralForeground3 },
});
