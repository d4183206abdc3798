import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { MEDIA } from '../../lib/constants';
import { PATHS } from '../../lib/paths';
import { useNavStyles } from './nav-styles';
import { lazy } from 'react';
import { NavDisclosure } from './nav-disclosure';

const loadPdfPanel = () => import('./pdf-tools-panel');
const PdfToolsPanel = lazy(() => loadPdfPanel().then((m) => ({ default: m.PdfToolsPanel })));
const loadAiPanel = () => import('./ai-tools-panel');
const AiToolsPanel = lazy(() => loadAiPanel().then((m) => ({ default: m.AiToolsPanel })));

const useStyles = makeStyles({
  nav: { display: 'flex', alignItems: 'center', gap: '2px', [MEDIA.belowMd]: { display: 'none' } },
});

/** Top navigation on medium and larger screens: home, pricing, PDF tools, image tools, video tools, AI tools. */
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
      <NavDisclosure label={t('nav.pdfTools')} testId="pdf-tools-trigger" Panel={PdfToolsPanel} prefetch={loadPdfPanel} />
      <NavLink to={PATHS.imageTools} className={cls}>
        {t('nav.imageTools')}
      </NavLink>
      <NavLink to={PATHS.videoTools} className={cls}>
        {t('nav.videoTools')}
      </NavLink>
      <NavDisclosure label={t('nav.aiTools')} testId="ai-tools-trigger" Panel={AiToolsPanel} prefetch={loadAiPanel} />
    </nav>
  );
}
