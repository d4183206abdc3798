import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { ChatRegular, MailRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../lib/components/page-container';
import { CtaLink } from '../../../lib/components/cta-link';
import { useTextStyles } from '../../../lib/components/text-styles';
import { MEDIA, SUPPORT_EMAIL } from '../../../lib/constants';
import { PATHS } from '../../../lib/paths';

const useStyles = makeStyles({
  section: { padding: '0 0 88px', [MEDIA.belowSm]: { padding: '0 0 56px' } },
  panel: {
    display: 'grid',
    gridTemplateColumns: '1.4fr 1fr',
    gap: '32px',
    alignItems: 'center',
    padding: '48px',
    borderRadius: '24px',
    background: `linear-gradient(120deg, ${tokens.colorBrandBackground4Static} 0%, ${tokens.colorBrandBackground3Static} 100%)`,
    color: tokens.colorNeutralForegroundStaticInverted,
    boxShadow: tokens.shadow28Brand,
    [MEDIA.belowMd]: { gridTemplateColumns: '1fr', padding: '32px 24px' },
  },
  title: { display: 'block', color: tokens.colorNeutralForegroundStaticInverted, marginBottom: '12px' },
  lead: { display: 'block', color: tokens.colorNeutralForegroundStaticInverted, lineHeight: '1.6' },
  side: { display: 'flex', flexDirection: 'column', gap: '12px', alignItems: 'flex-start' },
  mail: { display: 'inline-flex', alignItems: 'center', gap: '8px', color: tokens.colorNeutralForegroundStaticInverted, fontWeight: 600, textDecoration: 'underline', textUnderlineOffset: '3px' },
  hours: { color: tokens.colorBrandBackgroundInvertedSelected },
});

/** The closing call to action: how to reach us. */
export function ContactSection() {
  const styles = useStyles();
  const text = useTextStyles();
  const { t } = useTranslation();
  return (
    <section id="contact" className={styles.section} aria-labelledby="contact-title">
      <PageContainer>
        <div className={styles.panel}>
          <div>
            <h2 id="contact-title" className={mergeClasses(text.title, styles.title)}>
              {t('homeSections.contact.title')}
            </h2>
            <p className={mergeClasses(text.lead, styles.lead)}>{t('homeSections.contact.lead')}</p>
          </div>
          <div className={styles.side}>
            <CtaLink to={PATHS.contact} size="large">
              <ChatRegular aria-hidden /> {t('homeSections.contact.button')}
            </CtaLink>
            <a className={styles.mail} href={`mailto:${SUPPORT_EMAIL}`}>
              <MailRegular aria-hidden /> {SUPPORT_EMAIL}
            </a>
            <p className={mergeClasses(text.caption, styles.hours)}>{t('homeSections.contact.hours')}</p>
          </div>
        </div>
      </PageContainer>
    </section>
  );
}
