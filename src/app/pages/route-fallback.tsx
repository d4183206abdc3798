import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../../lib/tokens';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  root: { display: 'flex', minHeight: '60vh', alignItems: 'center', justifyContent: 'center' },
  ring: {
    width: '36px',
    height: '36px',
    borderRadius: '50%',
    border: `4px solid ${tokens.colorBrandBackground2}`,
    borderTopColor: tokens.colorBrandBackground,
    animationName: { to: { transform: 'rotate(360deg)' } },
    animationDuration: '0.8s',
    animationIterationCount: 'infinite',
    animationTimingFunction: 'linear',
  },
});

/** Shown while the first route's code and data load (a CSS ring: Fluent's Spinner is not on the first paint). */
export function RouteFallback() {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <div className={styles.root} role="status" aria-label={t('common.loading')}>
      <span className={styles.ring} />
    </div>
  );
}
