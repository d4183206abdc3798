import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../../lib/tokens';
import { useNavigation } from 'react-router-dom';

const useStyles = makeStyles({
  bar: {
    position: 'fixed',
    top: 0,
    left: 0,
    right: 0,
    height: '3px',
    zIndex: 1000,
    background: `linear-gradient(90deg, ${tokens.colorBrandBackground}, ${tokens.colorBrandStroke2Hover}, ${tokens.colorBrandBackground})`,
    backgroundSize: '200% 100%',
    animationName: { from: { backgroundPosition: '200% 0' }, to: { backgroundPosition: '0 0' } },
    animationDuration: '1.2s',
    animationIterationCount: 'infinite',
    animationTimingFunction: 'linear',
  },
});

/** A thin bar while the next page's code or data loads. */
export function NavigationProgress() {
  const styles = useStyles();
  const navigation = useNavigation();
  return navigation.state === 'idle' ? null : <div className={styles.bar} role="progressbar" aria-hidden="true" />;
}
