import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { MEDIA } from '../../lib/constants';
import { PATHS } from '../../lib/paths';
import { useNavStyles } from './nav-styles';
import { PdfToolsMenu } from './pdf-tools-menu';

const useStyles = makeStyles({
  nav: { display: 'flex', alignItems: 'center', gap: '2px', [MEDIA.belowMd]: { display: 'none' } },
});

/** Top navigation on medium and larger screens: home, pricing, PDF tools, image tools, video tools. */
export function DesktopNav() {
  const styles = useStyles();
  const nav = useNavStyles();
  const { t } = useTranslation();
  const cls = ({ isActive }: { isActive: boolean }) => mergeClasses(nav.item, isActive && nav.active);
  return (
    <nav className={styles.nav} aria-label={t('nav.main')}>
      <NavLink to={PATHS.home} end className={cls}>
        {t('nav.home')}
      </NavLink>
      <NavLink to={PATHS.pricing} className={cls}>
        {t('nav.pricing')}
      </NavLink>
      <PdfToolsMenu />
      <NavLink to={PATHS.imageTools} className={cls}>
        {t('nav.imageTools')}
      </NavLink>
      <NavLink to={PATHS.videoTools} className={cls}>
        {t('nav.videoTools')}
      </NavLink>
    </nav>
  );
}
