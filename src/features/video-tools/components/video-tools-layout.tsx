import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router-dom';
import { PageContainer } from '../../../lib/components/page-container';
import { PATHS } from '../../../lib/paths';
import { VIDEO_PANELS } from '../../../lib/site-map';

const useStyles = makeStyles({
  bar: { backgroundColor: tokens.colorNeutralBackground1, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  tabs: { display: 'flex', gap: '4px', overflowX: 'auto', padding: '8px 0' },
  tab: {
    padding: '8px 14px',
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  active: { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorBrandForeground1 },
});

/** /products/videoTools with its child panels: download, cropping, merge, subscribe, config. */
export function VideoToolsLayout() {
  const styles = useStyles();
  const { t } = useTranslation();
  const cls = ({ isActive }: { isActive: boolean }) => mergeClasses(styles.tab, isActive && styles.active);
  return (
    <>
      <div className={styles.bar}>
        <PageContainer>
          <nav className={styles.tabs} aria-label={t('nav.videoTools')}>
            <NavLink to={PATHS.videoTools} end className={cls}>
              {t('nav.videoOverview')}
            </NavLink>
            {VIDEO_PANELS.map((p) => (
              <NavLink key={p.id} to={p.path} className={cls}>
                {t(`nav.videoPanels.${p.id}`)}
              </NavLink>
            ))}
          </nav>
        </PageContainer>
      </div>
      <Outlet />
    </>
  );
}
