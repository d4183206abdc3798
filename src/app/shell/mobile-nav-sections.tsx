import { Accordion, AccordionHeader, AccordionItem, AccordionPanel, makeStyles } from '@fluentui/react-components';
import { tokens } from '../../lib/tokens';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { ThemeSelect } from '../../lib/components/theme-select';
import { conversionLabel } from '../../lib/site-labels';
import { convertPath, PATHS, pdfToolPath } from '../../lib/paths';
import { PDF_MENU, PDF_TOOL_ENTRIES, VIDEO_PANELS } from '../../lib/site-map';
import { useOfferedConversion } from '../../lib/hooks/use-offered-conversions';
import { AI_TOOLS_MENU } from '../../lib/offerings';
import { LanguageToggle } from './language-toggle';

const useStyles = makeStyles({
  link: {
    display: 'block',
    padding: '10px 12px',
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    fontSize: tokens.fontSizeBase400,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  sub: { fontSize: tokens.fontSizeBase300, padding: '8px 12px 8px 20px' },
  groupTitle: {
    margin: '8px 12px 2px',
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground3,
    textTransform: 'uppercase',
    letterSpacing: '0.06em',
  },
  langRow: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '8px 12px' },
});

/** Every destination, with PDF tools and video tools as collapsible groups. */
export function MobileNavSections({ onNavigate }: { onNavigate: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const offered = useOfferedConversion();
  const pdfGroups = PDF_MENU.map((g) => ({ ...g, items: g.items.filter((c) => offered(c.key)) })).filter((g) => g.items.length > 0);
  const link = (to: string, label: string, sub = false) => (
    <NavLink key={to} to={to} end className={sub ? `${styles.link} ${styles.sub}` : styles.link} onClick={onNavigate}>
      {label}
    </NavLink>
  );
  return (
    <nav aria-label={t('nav.main')}>
      {link(PATHS.home, t('nav.home'))}
      {link(PATHS.pricing, t('nav.pricing'))}
      <Accordion collapsible multiple>
        <AccordionItem value="pdf">
          <AccordionHeader expandIconPosition="end" size="large">{t('nav.pdfTools')}</AccordionHeader>
          <AccordionPanel>
            <div>
              <p className={styles.groupTitle}>{t('nav.pdfGroups.organize')}</p>
              {PDF_TOOL_ENTRIES.map((tool) => link(pdfToolPath(tool.key), t(`nav.pdfToolNames.${tool.id}`), true))}
            </div>
            {pdfGroups.map((group) => (
              <div key={group.id}>
                <p className={styles.groupTitle}>{t(`nav.pdfGroups.${group.id}`)}</p>
                {group.items.map((c) => link(convertPath(c.key), conversionLabel(t, c), true))}
              </div>
            ))}
          </AccordionPanel>
        </AccordionItem>
        <AccordionItem value="video">
          <AccordionHeader expandIconPosition="end" size="large">{t('nav.videoTools')}</AccordionHeader>
          <AccordionPanel>
            {link(PATHS.videoTools, t('nav.videoOverview'), true)}
            {VIDEO_PANELS.map((p) => link(p.path, t(`nav.videoPanels.${p.id}`), true))}
          </AccordionPanel>
        </AccordionItem>
      </Accordion>
      {link(PATHS.imageTools, t('nav.imageTools'))}
      {AI_TOOLS_MENU.map((o) => link(o.start, t(`nav.aiItems.${o.id}.title`)))}
      {link(PATHS.youtube, t('nav.youtube'))}
      {link(PATHS.convertIntro, t('nav.convertIntro'))}
      {link(PATHS.about, t('nav.about'))}
      {link(PATHS.contact, t('nav.contact'))}
      {link(PATHS.terms, t('nav.terms'))}
      <div className={styles.langRow}>
        <span>{t('nav.language')}</span>
        <LanguageToggle />
      </div>
      <ThemeSelect className={styles.langRow} />
    </nav>
  );
}
