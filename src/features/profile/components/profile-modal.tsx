import { Button, Dialog, DialogSurface, DialogTitle, makeStyles, Tab, TabList } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { DismissRegular } from '@fluentui/react-icons';
import { useAtom, useAtomValue } from 'jotai';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { DataProvider } from '../../../lib/components/data-provider';
import { MEDIA } from '../../../lib/constants';
import { userInfoAtom } from '../../../lib/session';
import { PROFILE_SECTIONS, profileSectionAtom, type ProfileSection } from '../atoms';
import { AccountSection } from './account-section';
import { FeedbackSection } from './feedback-section';
import { OrdersSection } from './orders-section';
import { ProductsSection } from './products-section';
import { UsageSection } from './usage-section';

const useStyles = makeStyles({
  surface: { padding: 0, width: 'min(920px, calc(100vw - 24px))', maxWidth: 'none', overflow: 'hidden' },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '16px 20px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  layout: { display: 'grid', gridTemplateColumns: '200px minmax(0, 1fr)', minHeight: '480px', [MEDIA.belowSm]: { gridTemplateColumns: '1fr' } },
  nav: { padding: '12px 8px', borderRight: `1px solid ${tokens.colorNeutralStroke2}`, backgroundColor: tokens.colorNeutralBackground2, [MEDIA.belowSm]: { display: 'none' } },
  navMobile: { overflowX: 'auto', borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, [MEDIA.fromSm]: { display: 'none' } },
  content: { padding: '20px 24px', maxHeight: 'min(640px, 75vh)', overflowY: 'auto', [MEDIA.belowSm]: { padding: '16px' } },
});

const SECTIONS: Record<ProfileSection, ComponentType> = {
  account: AccountSection,
  products: ProductsSection,
  orders: OrdersSection,
  usage: UsageSection,
  feedback: FeedbackSection,
};

/** The profile modal: account info, my products, my orders, usage history, feedback history. */
export function ProfileModal() {
  const styles = useStyles();
  const { t } = useTranslation();
  const [section, setSection] = useAtom(profileSectionAtom);
  const user = useAtomValue(userInfoAtom);
  const open = section !== null && user !== null;
  const Current = SECTIONS[section ?? 'account'];
  const tabs = (vertical: boolean) => (
    <TabList vertical={vertical} selectedValue={section ?? 'account'} onTabSelect={(_e, data) => setSection(data.value as ProfileSection)}>
      {PROFILE_SECTIONS.map((id) => (
        <Tab key={id} value={id}>
          {t(`profile.sections.${id}`)}
        </Tab>
      ))}
    </TabList>
  );
  return (
    <Dialog open={open} onOpenChange={(_e, data) => !data.open && setSection(null)}>
      <DialogSurface className={styles.surface} aria-labelledby="profile-modal-title">
        <div className={styles.head}>
          <DialogTitle id="profile-modal-title">{t('profile.title')}</DialogTitle>
          <Button appearance="subtle" icon={<DismissRegular />} aria-label={t('common.actions.close')} onClick={() => setSection(null)} />
        </div>
        <div className={styles.layout}>
          <nav className={styles.nav} aria-label={t('profile.title')}>
            {tabs(true)}
          </nav>
          <nav className={styles.navMobile} aria-label={t('profile.title')}>
            {tabs(false)}
          </nav>
          <div className={styles.content} role="tabpanel" aria-label={t(`profile.sections.${section ?? 'account'}`)}>
            <DataProvider>
              <Current />
            </DataProvider>
          </div>
        </div>
      </DialogSurface>
    </Dialog>
  );
}
